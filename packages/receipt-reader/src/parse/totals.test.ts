import { describe, expect, it } from 'vitest';
import { findTotals } from './totals';

describe('findTotals', () => {
  it('reads a total word whose last letter was read as a bracket before a space ("fata] After Rounding")', () => {
    const lines = ['Round Adj 0.00', 'fata] After Rounding 21.40', 'CHANGE 28.60'];
    expect(findTotals(lines).total.value).toBe(21.4);
  });
});

describe('findTotals with a GST summary whose header names the item column', () => {
  it('reads the summary under "GSTSummary Item Amount" and lets it outvote a misread net total', () => {
    const lines = [
      'Net Total (MYR) : 10.01',
      'Net Total Rounded (MYR) : TTT e00',
      'Cash : 19.00',
      'Change 0.00',
      'GSTSummary Item Amount (MYR) GST (MYR)',
      'SR @ 6% 2 17.93 1.08',
    ];
    expect(findTotals(lines).total.value).toBe(19);
  });
});

describe('findTotals with a misread change word', () => {
  it('reads CHONGE as change, so cash minus change names the total on an unlabelled line', () => {
    const lines = ['Tot! Bdles {Inclusive 6ST) RN 11.50', 'CasH RM 52.00', 'CHONGE RM 40.50'];
    expect(findTotals(lines).total.value).toBe(11.5);
  });
});

describe('findTotals when the change amount is unreadable', () => {
  it('falls back to the cash tendered rather than the subtotal', () => {
    const lines = ['SUB-TOTAL 45.28', 'TAX 0.00', 'TOTAL qg.00', 'CASH 48.00', 'CHANGE Lv o.oo'];
    expect(findTotals(lines).total.value).toBe(48);
  });
});

describe('findTotals when the tender word is misread', () => {
  it('takes the amount just above the change as tendered', () => {
    const lines = ['French Loaf 8 2.40 19.20', 'Fay 20.00', 'Change 0.80'];
    expect(findTotals(lines).total.value).toBe(19.2);
  });

  it('does not take a tax or discount line above the change as tendered', () => {
    expect(findTotals(['GST 6% 1.20', 'Change 0.80']).total.value).toBeNull();
    expect(findTotals(['Member Discount 1.20', 'Change 0.80']).total.value).toBeNull();
  });
});

describe('findTotals with a service charge and misleading tax lines', () => {
  it('adds the service charge to subtotal and tax, rounded like the till', () => {
    const lines = ['SUB TOTAL 295.00', 'SERVICE CHARGE 10% 29.50', 'GST 6% 19.47', 'ROUNDING ADJ -0.02', 'Amount Tax'];
    expect(findTotals(lines).total.value).toBe(343.95);
  });

  it('does not read the GST number or a bracketed column header as the tax', () => {
    expect(findTotals(['NO GST: 0010 9273 4976', 'SUB TOTAL 64.00', 'GST 6% 3.84']).tax.value).toBe(3.84);
    expect(findTotals(['ITEM QTY AMOUNT', '(GST) (GST)', '030249 1 14.90 14.90', 'SUB-TOTAL 27.27', 'GST 1.64']).tax.value).toBe(1.64);
  });
});

describe('findTotals when only the tax summary prints a total', () => {
  it('prefers the subtotal to a "Total" row of the GST summary', () => {
    const lines = [
      'SUB-TOTAL (GST) 24.00',
      'ROUNDING 0.00',
      'TOTAL oe (50',
      'GST SUMMARY',
      'CODE AMOUNT % TAX',
      'SR Poh1.36',
      'TAY TOTAL: 1.36',
    ];
    expect(findTotals(lines).total.value).toBe(24);
  });
});

describe('findTotals with a misread subtotal word', () => {
  it('reads SUE-TOTAL as the subtotal, not as the total', () => {
    const totals = findTotals(['SUE-TOTAL (GST) 23.80', 'TOTAL 25.20']);
    expect([totals.subtotal.value, totals.total.value]).toEqual([23.8, 25.2]);
  });
});

describe('findTotals with a 5 read as a dollar sign', () => {
  it('takes the 5 when the per-rate sums confirm it, and keeps the dollar amount otherwise', () => {
    const lines = ['Total 0% supplies: 39.40', 'Total 6% supplies (excl. GST): 12.96', 'Total Payable: $3.14'];
    expect(findTotals(lines).total.value).toBe(53.14);
    expect(findTotals(['Subtotal 2.96', 'Tax 0.18', 'TOTAL $3.14']).total.value).toBe(3.14);
  });
});

describe('findTotals with two summary columns on one line', () => {
  it('reads the total printed beside the savings, not the savings', () => {
    const lines = ['ITEM. 2 Total with GST @ Y%e 6.83', 'ROUNCING 0.02', 'TOTAL SAVING: 0.00 TOTAL 6.85', 'Cash 20.00', 'CHANGE 13 15'];
    expect(findTotals(lines).total.value).toBe(6.85);
    expect(findTotals(['SUB TOTAL 6.85', 'TOTAL SAVING: 0.50']).total.value).toBe(6.85);
  });
});

describe('findTotals with a speck after the cents of the cash', () => {
  it('reads the cash handed over, so cash minus change gives the total', () => {
    const lines = ['SALTED F.RICE 8.50', 'SOYA CINCAU 4.30', 'RM CASH "100.006', 'CHANGE 71.30', 'INC 6% GST 1.62'];
    expect(findTotals(lines).total.value).toBe(28.7);
    expect(findTotals(['ITEM 1.234 KG 5.00', 'TOTAL 5.00']).total.value).toBe(5);
  });
});

describe('findTotals reading the tax elsewhere when its own line is unreadable', () => {
  it('takes the tax column of the GST summary', () => {
    const lines = [
      'SUB-TOTAL 16.98',
      'TOTALTAR © of |, 1d fn',
      'TOTAL 18.00',
      'CASH 18.00',
      'CHANGE 0.00',
      'GST SUMMARY',
      'TAX CODE % AMOUNT TAX',
      'SR 6.00 16.98 1.02',
    ];
    expect(findTotals(lines).tax.value).toBe(1.02);
  });

  it('does not count that tax as a sum of its own against what was paid', () => {
    // A misread subtotal plus the summary's tax would "agree" with the misread summary; the cash paid says 7.00.
    const lines = [
      'SUB-TOTAL 4.40',
      'ROUNDING 0.00',
      'TOTS F< OD',
      'CASH 7.00',
      'CHANGE 0.00',
      'GST SUMMARY',
      'CODE AMOUNT TAX',
      'SR 4.40 0.40',
    ];
    const totals = findTotals(lines);
    expect(totals.tax.value).toBe(0.4);
    expect(totals.total.value).toBe(7);
  });

  it('does not add that tax to the subtotal when no total was read: the summary does not say it was added', () => {
    const lines = ['SUB-TOTAL 16.98', 'T0TAL ~~ ::', 'GST SUMMARY', 'TAX CODE % AMOUNT TAX', 'SR 6.00 16.82 0.96'];
    const totals = findTotals(lines);
    expect(totals.tax.value).toBe(0.96);
    expect(totals.total.value).toBe(16.98);
  });
});
