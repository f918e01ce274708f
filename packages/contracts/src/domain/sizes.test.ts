import { describe, expect, it } from 'vitest';
import { calculateUnitPrice, convertToBaseUnit, parseSize } from './sizes';

describe('parseSize', () => {
  it.each([
    ['GV WHL MLK GAL', { amount: 1, unit: 'gal' }],
    ['Oats 500g', { amount: 500, unit: 'g' }],
    ['CHEDDAR SHRP 8OZ', { amount: 8, unit: 'oz' }],
    ['OJ PULP FREE 52FLOZ', { amount: 52, unit: 'fl oz' }],
    ['JASMINE RICE 2LB', { amount: 2, unit: 'lb' }],
    ['Olive oil 1.5 L', { amount: 1.5, unit: 'l' }],
    ['Cola 12 x 355ml', { amount: 4260, unit: 'ml' }],
    ['SPRKLNG WATER 12CT', { amount: 12, unit: 'ct' }],
    ['Flour 1kg', { amount: 1, unit: 'kg' }],
    ['EGGS LARGE DOZ', { amount: 12, unit: 'ct' }],
    ['ALMOND MLK HG', { amount: 0.5, unit: 'gal' }],
    ['BANANAS', null],
    ['חלב תנובה 3% שומן 1 ליטר', { amount: 1, unit: 'l' }],
    ['500 גרם', { amount: 500, unit: 'g' }],
    ['250 מיליליטר', { amount: 250, unit: 'ml' }],
    ['עגבניות 1 ק"ג', { amount: 1, unit: 'kg' }],
    ['0.30 kg', { amount: 0.3, unit: 'kg' }],
    ['4 x 125 g', { amount: 500, unit: 'g' }],
    ['6 × 1.5 ליטר', { amount: 9, unit: 'l' }],
    ['12 יחידות', { amount: 12, unit: 'ct' }],
    ['לחם אחיד פרוס', null],
  ])('%s -> %o', (name, expected) => {
    expect(parseSize(name)).toEqual(expected);
  });
});

describe('convertToBaseUnit', () => {
  it('converts to grams, millilitres or count', () => {
    expect(convertToBaseUnit({ amount: 1, unit: 'kg' })).toEqual({ amount: 1000, unit: 'g' });
    expect(convertToBaseUnit({ amount: 1, unit: 'lb' })).toEqual({ amount: 453.592, unit: 'g' });
    expect(convertToBaseUnit({ amount: 1, unit: 'gal' })).toEqual({ amount: 3785.412, unit: 'ml' });
    expect(convertToBaseUnit({ amount: 2, unit: 'l' })).toEqual({ amount: 2000, unit: 'ml' });
    expect(convertToBaseUnit({ amount: 6, unit: 'ct' })).toEqual({ amount: 6, unit: 'ct' });
  });

  it('makes unit prices comparable across pack sizes', () => {
    const small = calculateUnitPrice(4.29, parseSize('Oats 500g'));
    const large = calculateUnitPrice(7.99, parseSize('Oats 1kg'));
    expect(small?.unit).toBe('g');
    expect(large!.price).toBeLessThan(small!.price);
  });
});
