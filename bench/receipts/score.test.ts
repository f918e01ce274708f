import { describe, expect, it } from 'vitest';
import { calculateSimilarity, matchItems } from './match-items';
import { calculatePercentile, isSameDate, isSameText, isSameTotal, parseLabelTotal } from './score';
import { assignSplit } from './split';

describe('SROIE scoring', () => {
  it('compares text case-insensitively with whitespace collapsed, exact otherwise', () => {
    expect(isSameText('Mr D.I.Y.  (M) sdn bhd', 'MR D.I.Y. (M) SDN BHD')).toBe(true);
    expect(isSameText('MR D.I.Y. (M) SDN BND', 'MR D.I.Y. (M) SDN BHD')).toBe(false);
    expect(isSameText(null, 'X')).toBe(false);
  });

  it('strips a currency prefix from total labels', () => {
    expect(parseLabelTotal('RM 13.30')).toBe(13.3);
    expect(parseLabelTotal('$8.20')).toBe(8.2);
    expect(parseLabelTotal('9,999.99')).toBe(9999.99);
    expect(isSameTotal(8.2, '$8.20')).toBe(true);
    expect(isSameTotal(null, '')).toBe(false);
  });

  it('compares dates as dates in the benchmark order', () => {
    expect(isSameDate('2018-03-22', '22 MAR 18', 'DMY')).toBe(true);
    expect(isSameDate('2016-12-04', '04/12/2016', 'DMY')).toBe(true);
    expect(isSameDate('2016-04-12', '04/12/2016', 'MDY')).toBe(true);
  });

  it('takes nearest-rank percentiles', () => {
    expect(calculatePercentile([3, 1, 2, 4], 50)).toBe(2);
    expect(calculatePercentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBe(9);
  });
});

describe('split', () => {
  it('is deterministic and holds out about a quarter', () => {
    const ids = Array.from({ length: 2000 }, (_, index) => `X${index}`);
    const holdout = ids.filter((id) => assignSplit(id) === 'holdout').length;
    expect(assignSplit('X51005200938')).toBe(assignSplit('X51005200938'));
    expect(holdout / ids.length).toBeGreaterThan(0.2);
    expect(holdout / ids.length).toBeLessThan(0.3);
  });
});

describe('matchItems', () => {
  it('needs an equal price and a similar name', () => {
    const truth = [
      { name: 'OATS 500G', quantity: 1, price: 4.29, discount: 0 },
      { name: 'BANANAS', quantity: 1.2, price: 0.71, discount: 0 },
    ];
    const predicted = [
      { name: 'OATS 5006', quantity: 1, price: 4.29, discount: 0 },
      { name: 'BANANAS', quantity: 1, price: 0.17, discount: 0 },
      { name: 'COUPON', quantity: 1, price: 0.5, discount: 0 },
    ];
    expect(calculateSimilarity('OATS 500G', 'OATS 5006')).toBeGreaterThan(0.8);
    expect(matchItems(predicted, truth)).toEqual({ predicted: 3, expected: 2, matched: 1, quantityCorrect: 1, discountCorrect: 1 });
  });
});
