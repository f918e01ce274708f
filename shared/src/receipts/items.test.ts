import { describe, expect, it } from 'vitest';
import { findItems } from './items';

describe('findItems', () => {
  it('keeps the name pending across one product-code line before the barcode and price line', () => {
    const lines = ['MULTI PURPOSE TRAY W/HANDLE E-1311', 'Tu21 - 6/72', '9555112911610 1X 5.90 5.90', 'CLEAR PROTECTOR PY11 x5', 'HC22 - 24/144', '9066245 1X 2.70 2.70'];
    const items = findItems(lines, 0, lines.length);
    expect(items.map((item) => [item.name, item.price])).toEqual([
      ['MULTI PURPOSE TRAY W/HANDLE E-1311', 5.9],
      ['CLEAR PROTECTOR PY11 x5', 2.7],
    ]);
  });

  it('does not carry a name over two code lines', () => {
    const lines = ['LOOSE NAME LINE', 'AB12 - 6/72', 'CD34 - 1/10', '9555112911610 1X 5.90 5.90'];
    expect(findItems(lines, 0, lines.length)).toEqual([]);
  });
});
