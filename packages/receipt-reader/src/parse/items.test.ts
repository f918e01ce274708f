import { describe, expect, it } from 'vitest';
import { findItems, QUANTITY_FIRST_HEADER } from './items';

describe('findItems', () => {
  it('keeps the name pending across one product-code line before the barcode and price line', () => {
    const lines = [
      'MULTI PURPOSE TRAY W/HANDLE E-1311',
      'Tu21 - 6/72',
      '9555112911610 1X 5.90 5.90',
      'CLEAR PROTECTOR PY11 x5',
      'HC22 - 24/144',
      '9066245 1X 2.70 2.70',
    ];
    const items = findItems(lines, 0, lines.length);
    expect(items.map((item) => [item.name, item.price])).toEqual([
      ['MULTI PURPOSE TRAY W/HANDLE E-1311', 5.9],
      ['CLEAR PROTECTOR PY11 x5', 2.7],
    ]);
  });

  it('does not take a misread subtotal, total-quantity or GST line for an item', () => {
    const lines = [
      '24MM TAPE',
      '1.00 15.90 15.90 SR',
      'Subtota ; 15.90',
      'SUB-(OTAL (6ST) 15.00',
      '1 SUB TOI: 7.00',
      'TORQTY EZ pee 99.00',
      'TOT QTY 2 10.00',
      'THotalQty 200 0.43',
      'BST 8% RY 0.80',
    ];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.price])).toEqual([['24MM TAPE', 15.9]]);
  });

  it('does not take a subtotal with misread letters, an item count or a dated line for an item (real OCR lines)', () => {
    const lines = [
      'Colour Rice 1 1.50 1.50 SR',
      '4 Sublotal 179.66',
      'Subitoial 130.00',
      'SUBTLTALR 20.40',
      'Sub 1 tal 37.55',
      'Item Count: 4            Item Qty: 5.00',
      'CE DD: 1109/2017 11.02',
      'Dae :0 D/MA/2018 10.52',
      'SUGAR 1KG 2.90',
    ];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.price])).toEqual([
      ['Colour Rice', 1.5],
      ['SUGAR 1KG', 2.9],
    ]);
    // A code of slashed digit groups is no date: the name above it waits for its price line.
    const coded = ['TOILET BRUSH 47-2311                   5', 'HD03-04-06 - 5/40/160', '9067860               1X 2.70 2.70'];
    expect(findItems(coded, 0, coded.length).map((item) => item.price)).toEqual([2.7]);
  });

  it('reads a quantity column whose 1 OCR read as a letter and whose 2 as Z, under a misread QTY header', () => {
    const lines = ['1 Tiger 2 Bucket - HH 95.80 SR', 'i Chicken wings        22.88 SR', 'l French Fries 12.69 SR', 'Z Fried Rice 20.00 SR'];
    expect(findItems(lines, 0, lines.length, { isQuantityFirst: true }).map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['Tiger 2 Bucket - HH', 1, 95.8],
      ['Chicken wings', 1, 22.88],
      ['French Fries', 1, 12.69],
      ['Fried Rice', 2, 20],
    ]);
    expect(QUANTITY_FIRST_HEADER.test('g1y ITEH                      FH')).toBe(true);
  });

  it('does not name an item after the opening hours above the first price line (names printed below, real OCR lines)', () => {
    const lines = [
      'SUN-THU: 1000 HRS - 2230 HRS',
      'FRI-SAT:1000 HRS - 2300 HRS',
      '1x 000008204363               14,93SR',
      'KIT KAT SHARE B',
      '1x 000001011536               31.605R',
      'LINDT DT126',
    ];
    expect(findItems(lines, 0, lines.length, { isNameBelow: true }).map((item) => [item.name, item.price])).toEqual([
      ['KIT KAT SHARE B', 14.93],
      ['LINDT DT126', 31.6],
    ]);
    expect(findItems(['MON-SAT 7.30am.6.00pm', '1x 000001011536 7.30'], 0, 2)).toEqual([]);
  });

  it('adds a bracketed size line under a name to the name', () => {
    const lines = ['LAMINATING FILM A4 SIZE', '(220MMx310MM)', '1 X 3.0000 - 3.00 SR'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.price])).toEqual([
      ['LAMINATING FILM A4 SIZE (220MMx310MM)', 3],
    ]);
  });

  it('reads a name beside a dotted product code and a bracketed model number, and joins its bracketed spec lines', () => {
    const lines = [
      '"71.7002-0014 SONOFAX - EC THERMAL ROLL |',
      '(BLUE) - (57MMx60MMx 12MM)',
      '(10ROLL/PKT)   {',
      '1 X 35.0000 = 35.00 SR',
      '7 1.2046-0021 POMPOM (M-2314)',
      '2 X 5.0000 - 10.00 SR',
    ];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['SONOFAX - EC THERMAL ROLL (BLUE) - (57MMx60MMx 12MM) (10ROLL/PKT)', 1, 35],
      ['7 POMPOM (M-2314)', 2, 10],
    ]);
  });

  it('does not carry a name over two code lines', () => {
    const lines = ['LOOSE NAME LINE', 'AB12 - 6/72', 'CD34 - 1/10', '9555112911610 1X 5.90 5.90'];
    expect(findItems(lines, 0, lines.length)).toEqual([]);
  });

  it('reads a dash between a name and its price as a leader, not a minus, but keeps a minus written against the digits', () => {
    const lines = [
      'PAPER TOWELS 6CT - 7.99 F',
      'CORN FLAKES 180Z- 3.29 F',
      'CUTTING CHARGES',
      '1 X 2.0000 - 2.00 SR',
      'BREAD WHITE 2.49 F',
      'BREAD WHITE -0.50',
    ];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.price, item.discount])).toEqual([
      ['PAPER TOWELS 6CT', 7.99, 0],
      ['CORN FLAKES 18OZ', 3.29, 0],
      ['CUTTING CHARGES', 2, 0],
      ['BREAD WHITE', 2.49, 0.5],
    ]);
  });

  it('prices a weighed item from its weight and unit price when the line total is unreadable, flagged for review', () => {
    const lines = ['POTATOES RUSSET', '2.45 lb @ 0.89/1b 218° T', 'GRAPES RED', '1.03 1b @ 2.49/1b - 2.56 F'];
    const items = findItems(lines, 0, lines.length);
    expect(items.map((item) => [item.name, item.quantity, item.quantityUnit, item.unitPrice, item.price])).toEqual([
      ['POTATOES RUSSET', 2.45, 'lb', 0.89, 2.18],
      ['GRAPES RED', 1.03, 'lb', 2.49, 2.56],
    ]);
    expect(items[0]!.confidence).toBeLessThan(items[1]!.confidence);
  });

  it('drops a tax flag read as a third decimal and a speck before the price column', () => {
    const lines = ['SALSA MILD 160Z 2.997', '0ATS 5006 4.291', 'PENNE PASTA 160Z .1.39F', 'BREAD WHITE 200Z :', '3@ 2.49 . 7.477'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['SALSA MILD 16OZ', 1, 2.99],
      ['0ATS 5006', 1, 4.29],
      ['PENNE PASTA 16OZ', 1, 1.39],
      ['BREAD WHITE 20OZ', 3, 7.47],
    ]);
  });
});

describe('findItems with a product code on the name line', () => {
  it('keeps the name above a price line although a long code takes most of its line', () => {
    const lines = ['SR 100100000060- 4 Vege " -', "$5.50 1 ' $5.50", 'SR 100100000006- Pork', '$2.70 1 $2.70'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['4 Vege', 1, 5.5],
      ['Pork', 1, 2.7],
    ]);
  });
});

describe('findItems with units and counts', () => {
  it('takes the name line above a line whose only word is its unit of sale, and skips the item count', () => {
    const lines = ['STAR BIN LINER', '0020323 PKT 1x1.00 1.00', 'Item(s) : 1 Qty(s) : 1 1.00'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.price])).toEqual([['STAR BIN LINER', 1]]);
  });

  it('reads quantity and unit price from columns only when they multiply to the line total', () => {
    const lines = ['HOES SET 2 5.00 10.00', 'RAKE 3 4.00 10.00'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.quantity, item.unitPrice])).toEqual([
      ['HOES SET', 2, 5],
      ['RAKE 3', 1, null],
    ]);
  });

  it('reads a unit price followed by count columns, the quantity being the count that gives the line total', () => {
    // U.P, issued, exchanged, damaged, sold, amount: the count columns are not part of the name.
    const lines = ['0.C. WHITE    2.13  S  2 0  3   6.39', 'CR-VANILLA 0.72 25 0 0 25 18.00', 'KAYA ORI 2.40 4 0 0 4 2.60'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.quantity, item.unitPrice, item.price])).toEqual([
      ['0.C. WHITE', 3, 2.13, 6.39],
      ['CR-VANILLA', 25, 0.72, 18],
      ['KAYA ORI 4 0 0 4', 1, null, 2.6],
    ]);
  });
});

describe('findItems names', () => {
  it('keeps a bracket that opens the name and closes in it, and drops one that closes nothing', () => {
    const lines = ['(W833) CUTTING WHEEL 29.68', '( CABLE TIES 3.00'];
    expect(findItems(lines, 0, lines.length).map((item) => item.name)).toEqual(['(W833) CUTTING WHEEL', 'CABLE TIES']);
  });
});

describe('findItems with DISC in a line', () => {
  it('reads a product named DISC as an item, and DISC lines with a minus or a percentage as discounts', () => {
    const lines = ['105MM CUTTING DISC 29.68', 'MEMBER DISC -1.00', 'SANDING PAPER 4.00', 'DISC 10% 0.40'];
    expect(findItems(lines, 0, lines.length).map((item) => [item.name, item.price, item.discount])).toEqual([
      ['105MM CUTTING DISC', 29.68, 1],
      ['SANDING PAPER', 4, 0.4],
    ]);
  });
});

describe('findItems with names below their prices', () => {
  it('takes a discount off the price line above it, though its name is printed after the discount', () => {
    const lines = ['0025679 1 24.00 24.00', 'MEMBER DISC -4.00', 'OPEN CODE ITEM', '0025680 1 7.00 7.00', 'STAR BIN LINER'];
    expect(findItems(lines, 0, lines.length, { isNameBelow: true }).map((item) => [item.name, item.price, item.discount])).toEqual([
      ['OPEN CODE ITEM', 24, 4],
      ['STAR BIN LINER', 7, 0],
    ]);
  });
});
