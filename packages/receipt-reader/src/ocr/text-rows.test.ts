import { describe, expect, it } from 'vitest';
import { assembleRows, rowsToText, type RecognizedBox } from './text-rows';

function box(text: string, left: number, top: number, width = 60, height = 20): RecognizedBox {
  return { text, left, top, right: left + width, bottom: top + height, confidence: 0.9 };
}

describe('assembleRows', () => {
  it('joins boxes on one line left to right, whatever order they come in', () => {
    const rows = assembleRows([box('9.00', 300, 102), box('TOTAL:', 10, 100), box('RM', 200, 98)]);
    expect(rowsToText(rows)).toBe('TOTAL: RM 9.00');
  });

  it('keeps lines apart and orders them top to bottom', () => {
    const rows = assembleRows([
      box('TOTAL', 10, 130),
      box('9.00', 300, 131),
      box('STORE SDN BHD', 10, 40, 250),
      box('12/01/2018', 10, 70, 120),
    ]);
    expect(rowsToText(rows)).toBe('STORE SDN BHD\n12/01/2018\nTOTAL 9.00');
  });

  it('does not merge lines that only touch, and a slightly tilted line stays one row', () => {
    // 20 px high lines 16 px apart overlap by 4 px (20 %): separate rows.
    const touching = assembleRows([box('A', 10, 100), box('B', 10, 116), box('C', 200, 117)]);
    expect(rowsToText(touching)).toBe('A\nB C');
    const tilted = assembleRows([box('ONE', 10, 100), box('TWO', 80, 104), box('THREE', 150, 108)]);
    expect(rowsToText(tilted)).toBe('ONE TWO THREE');
  });

  it('skips empty reads', () => {
    expect(rowsToText(assembleRows([box('  ', 10, 10), box('QTY', 100, 10)]))).toBe('QTY');
  });
});
