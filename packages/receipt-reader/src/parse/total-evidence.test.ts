import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './parse-receipt-text';
import { isDroppedDigit, reconcileTotal, roundToFiveSen, type TotalEvidence } from './total-evidence';

const now = new Date(Date.UTC(2026, 0, 1));
const readTotal = (text: string) => parseReceiptText(text, { locale: 'en-MY', now }).total.value;

describe('reconcileTotal', () => {
  const evidence = (...items: [TotalEvidence['source'], number][]): TotalEvidence[] => items.map(([source, value]) => ({ source, value }));

  it('keeps a printed total that one independent sum confirms', () => {
    expect(reconcileTotal(8.2, [8.2], evidence(['paid', 8.2]))).toBe(8.2);
  });

  it('replaces an unconfirmed total when two independent sums agree on another amount', () => {
    expect(reconcileTotal(11, [11], evidence(['paid', 71], ['summary', 71]))).toBe(71);
    expect(reconcileTotal(11, [11], evidence(['paid', 71]))).toBe(11);
  });

  it('prefers another printed total that a sum confirms', () => {
    expect(reconcileTotal(8.8, [8.8, 8.6], evidence(['cash', 8.6]))).toBe(8.6);
  });

  it('treats a sum and its 5-sen rounding as one answer, keeping the exact sum', () => {
    expect(
      reconcileTotal(100.8, [100.8], evidence(['subtotalTax', 100.88], ['subtotalTax', 100.9], ['items', 100.88], ['items', 100.9])),
    ).toBe(100.88);
  });

  it('counts the items as a second vote beside subtotal plus tax, but not beside the subtotal', () => {
    expect(reconcileTotal(5, [5], evidence(['subtotalTax', 9], ['items', 9]))).toBe(9);
    expect(reconcileTotal(5, [5], evidence(['subtotal', 9], ['items', 9]))).toBe(5);
  });

  it('keeps the printed total when the sums disagree among themselves', () => {
    expect(reconcileTotal(12, [12], evidence(['paid', 20], ['summary', 20], ['card', 30], ['subtotal', 30]))).toBe(12);
  });

  it('falls back to what was paid when no total line was read', () => {
    expect(reconcileTotal(null, [], evidence(['subtotal', 5.5], ['cash', 6]))).toBe(6);
  });
});

describe('roundToFiveSen', () => {
  it('rounds to the nearest 5 sen', () => {
    expect([roundToFiveSen(14.64), roundToFiveSen(28.31), roundToFiveSen(87.08), roundToFiveSen(2.5)]).toEqual([14.65, 28.3, 87.1, 2.5]);
  });
});

describe('totals checked against cash, change, subtotal and the GST summary', () => {
  it('repairs a misread total digit that cash minus change and the GST summary contradict', () => {
    const text = [
      'KEDAI MAKAN SDN BHD',
      'Fried Rice 3 Pax 1 71.00(S)',
      'Round Amt 0.00',
      'TOTAL 11.00',
      'Cash 71.00',
      'Cash Received 101,00',
      'Change 30.00',
      'GSTSummary Amount (RM) GST(RM)',
      'S=GST @ 6%: 66.98 4.02',
    ].join('\n');
    expect(readTotal(text)).toBe(71);
  });

  it('repairs a total that subtotal plus tax and cash minus change agree against', () => {
    const text =
      'SHOP SDN BHD\nTotal (Excluding GST): 28.58\nGST payable (6%): 1.72\nTotal (Inclusive of GST): 36.30\nCASH : 50.00\nCHANGE : 19.70';
    expect(readTotal(text)).toBe(30.3);
  });

  it('takes the rounded amount when a non-zero rounding adjustment precedes payment', () => {
    const text = 'SHOP SDN BHD\nTotal Sales Inclusive GST 28.31\nRounding Adjustment: -0.01\nTOTAL : 28.3O\nCASH 50.00';
    expect(readTotal(text)).toBe(28.3);
    const unreadable = 'SHOP SDN BHD\nGrand Total : 87.08\nRounding Adjustment: 0.02\nNet Total : E 15 M';
    expect(readTotal(unreadable)).toBe(87.1);
  });

  it('keeps the unrounded total when the till rounds only at payment or prints a zero adjustment', () => {
    const atPayment = 'SHOP SDN BHD\nTOTAL (GST INCL) 38.37\nCASH 40.35\nROUNDING ADJUSTMENTS 0.02-\nCHANGE DUE 2.00';
    expect(readTotal(atPayment)).toBe(38.37);
    const zero = 'SHOP SDN BHD\nTotal GST 0.12\nRounding : 0.00\nTotal Sales (Inclusive of GST) : 2.12\nCASH : 2.12\nChange : 0.00';
    expect(readTotal(zero)).toBe(2.12);
  });

  it('reads misspelt total words and net amounts', () => {
    expect(readTotal('SHOP SDN BHD\nTorsl ka 12.37\nChanne 37.65')).toBe(12.37);
    expect(readTotal('SHOP SDN BHD\nGST (6%) 2.86\nNet Amt : 53.55')).toBe(53.55);
  });

  it('reads a tendered amount with a stray minus and confirms the GST summary with it', () => {
    const text = 'POPULAR BOOK\nTotal RM Incl. of GST 9.85\nCash -50. 00\nCHANGE 40.35\nGST Summary Amount (RM) Tax (RM)\nT e 6% 9.10 0.55';
    expect(readTotal(text)).toBe(9.65);
  });

  it('reads an amount accepted by a parking machine as tendered, not as the total', () => {
    expect(
      readTotal('PARKING SDN BHD\nPay parking ticket 5.00 RM\nAmount Incl. GST 5.00 RM\nficcepted total 10.00 RM\nChange 5.00 RM'),
    ).toBe(5);
  });

  it('takes the cash paid when the total line has no readable amount', () => {
    expect(readTotal('PETROL STATION\nPPF P1 1.000 6 6.00\nTOTAL AMOUNT\nCASH RM 6.00')).toBe(6);
  });

  it('reads a total whose decimal point was lost when the subtotal and tax confirm it', () => {
    const text =
      'SHOP SDN BHD\nTotal Sales (Excluding GST) : 2.00\nTotal GST; 0.12\nTotal Sales (Inclusive of GST) : 212\nCASH : 212\nChange : 0.00\nGST SUMMARY\nTotal : 2.00 0.12';
    expect(readTotal(text)).toBe(2.12);
  });

  it('reads a total that lost its last decimal when nothing better was printed', () => {
    expect(readTotal('SPEED MART S/B\n83 1 RM 10.30\nTotal Sales {Incluzive GST) RH 20.8\nCHANGE oH 20')).toBe(20.8);
  });

  it('prefers a printed decimal point to a guessed one', () => {
    const text = 'SHOP SDN BHD\n2 X 2.9000 5.80 SR\nTotal 5.80\nRound Adj 0.00\nFinal Total 530\nCASH : 6.00';
    expect(readTotal(text)).toBe(5.8);
  });

  it('uses a misread GST summary header ("ax Stimmay") to confirm the subtotal over a misread total', () => {
    const text = 'SHOP SDN BHD\n10 SubTotal 85.20\nNet Total 35.20\nCHANGE 15.00\nax Stimmay Amount Tax\nSR:EST @0Y 85.20 0.00';
    expect(readTotal(text)).toBe(85.2);
  });

  it('restores a leading digit lost from a large printed total', () => {
    const text = 'CAKE HOUSE\nOriginal Slice 2 RM26.00\nDoubleChoc Slice 1 RM13.00\nGrand Total m3 9 . 00\nCash RM50.00\nChange RM11.00';
    expect(readTotal(text)).toBe(39);
  });
});

describe('totals checked against the items and the tax summary', () => {
  it('repairs a misread total that the items and cash minus change agree against', () => {
    const text =
      'KEDAI SDN BHD\nDesc Amt (RM)\nNASI LEMAK 10.80\nTEH TARIK 8.00\nSUB TOTAL (Inc GST) 18.8:\nTOTAL 16.60\nCASH 50.00\nCHANGE 31.20';
    expect(readTotal(text)).toBe(18.8);
  });

  it('does not count the subtotal and the items as two confirmations', () => {
    const text =
      'SHOP SDN BHD\nDESCRIPTION QTY TOTAL\nFILTER PACK 1 235.85\nSUBTOTAL 235.85\nTOTAL AMOUNT 250.00\nGST SUMMARY AMOUNT GST AMOUNT\nTOTAL AMOUNT 235.85 14.15 250.00';
    expect(readTotal(text)).toBe(250);
  });

  it('rounds when the rounding adjustment is unreadable, and ignores a service charge as change', () => {
    const text =
      'SUSHI SDN BHD\n5 Total: 74.68\nservice Chg 10.00% : 7.47\nGST : 4.93\nGrand Total : 87.08\nRounding Adjustment: ~~\nNet Total : E 15 M';
    expect(readTotal(text)).toBe(87.1);
  });

  it('sums GST summary columns that lost their decimal points when they add up, and then confirms the items', () => {
    const text =
      'PRINT SHOP\nQty Description Price Total\nINK CARTRIDGE BLACK\n1 27736 29.0C 29.00\nTotal Inclusive GST: mm)\nCASH :\nGST Summary\nCode % NetAmt GST Total\nSR 6%  2736 164 2900';
    expect(readTotal(text)).toBe(29);
    // Columns that do not add up are not a summary row read without its points.
    expect(readTotal(text.replace('2900', '2960'))).not.toBe(29.6);
  });
});

describe('isDroppedDigit', () => {
  it('detects one lost digit, not a changed one', () => {
    expect(isDroppedDigit(9.3, 29.3)).toBe(true);
    expect(isDroppedDigit(1.3, 51.3)).toBe(true);
    expect(isDroppedDigit(11, 71)).toBe(false);
    expect(isDroppedDigit(9.3, 9.3)).toBe(false);
  });
});
