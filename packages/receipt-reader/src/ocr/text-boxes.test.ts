import { describe, expect, it } from 'vitest';
import { findComponents, findTextBoxes } from './text-boxes';

/** A probability map from rows of characters: '#' = 0.9, '+' = 0.4, '.' = 0. */
function makeMap(rows: readonly string[]): { map: Float32Array; width: number; height: number } {
  const width = rows[0]?.length ?? 0;
  const map = new Float32Array(width * rows.length);
  rows.forEach((row, y) => {
    [...row].forEach((cell, x) => {
      map[y * width + x] = cell === '#' ? 0.9 : cell === '+' ? 0.4 : 0;
    });
  });
  return { map, width, height: rows.length };
}

describe('findComponents', () => {
  it('separates 4-connected regions and bounds each one', () => {
    const { map, width, height } = makeMap(['##....#', '##....#', '..#...#', '.......', '###.##.']);
    const boxes = findComponents(map, width, height, 0.3).map(({ left, top, right, bottom }) => ({ left, top, right, bottom }));
    expect(boxes).toEqual([
      { left: 0, top: 0, right: 2, bottom: 2 },
      { left: 6, top: 0, right: 7, bottom: 3 },
      // Only diagonal to the first block: not connected.
      { left: 2, top: 2, right: 3, bottom: 3 },
      { left: 0, top: 4, right: 3, bottom: 5 },
      { left: 4, top: 4, right: 6, bottom: 5 },
    ]);
  });

  it('follows a winding region across rows and averages its probabilities', () => {
    const { map, width, height } = makeMap(['#####', '....#', '+####']);
    const [box, ...rest] = findComponents(map, width, height, 0.3);
    expect(rest).toEqual([]);
    expect(box).toMatchObject({ left: 0, top: 0, right: 5, bottom: 3 });
    expect(box?.score).toBeCloseTo((10 * 0.9 + 0.4) / 11);
    // Above 0.5 the weak pixel drops out of the region (and of its mean).
    const strong = findComponents(map, width, height, 0.5);
    expect(strong).toHaveLength(1);
    expect(strong[0]?.score).toBeCloseTo(0.9);
  });
});

describe('findTextBoxes', () => {
  it('grows a line box by area * 1.5 / perimeter and clips it to the map', () => {
    const rows = Array.from({ length: 12 }, (_, y) => (y >= 4 && y < 8 ? '..' + '#'.repeat(16) + '..' : '.'.repeat(20)));
    const { map, width, height } = makeMap(rows);
    // 16 x 4: distance = 64 * 1.5 / 40 = 2.4
    expect(findTextBoxes(map, width, height)).toEqual([{ left: 0, top: 1, right: 20, bottom: 11, score: expect.closeTo(0.9) }]);
  });

  it('drops specks and weak regions', () => {
    const { map, width, height } = makeMap(['#.......', '........', '.+++++..', '.+++++..', '.+++++..']);
    expect(findTextBoxes(map, width, height)).toEqual([]);
    expect(findTextBoxes(map, width, height, { threshold: 0.3, minScore: 0.3 })).toHaveLength(1);
  });
});
