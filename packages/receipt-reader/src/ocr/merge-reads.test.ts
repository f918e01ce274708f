import { describe, expect, it } from 'vitest';
import { mergeReads } from './merge-reads';

// Pairs of reads of the same SROIE dev lines: tesseract's page read, then PP-OCR's recogniser.
describe('mergeReads', () => {
  it("takes the other recogniser's letters where tesseract misread one", () => {
    expect(mergeReads('MR D.I.Y. (JOHGR) SDN BHD', 'MR D.I.Y. (JOHOR) SDN BHD')).toBe('MR D.I.Y. (JOHOR) SDN BHD');
    expect(mergeReads('AFON CO. (M) BHD', 'AEON CO. (M) BHD')).toBe('AEON CO. (M) BHD');
  });

  it("keeps tesseract's spaces where the other read runs the words together", () => {
    expect(mergeReads('UNIHAKKA INTERNATIONAL SDN BHD', 'UNIHAKKAINTERNATIONALSDNBHD')).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
    expect(mergeReads('C W KHOO HARDWARE', 'CW KHOO HARDWARE')).toBe('C W KHOO HARDWARE');
  });

  it("puts the other read's missing letters before tesseract's column gap, not inside it", () => {
    expect(mergeReads('ROUNDING ADJUSTME)      -RM 0.02', 'ROUNDING ADJUSTMENT -RM O.02')).toBe('ROUNDING ADJUSTMENT      -RM 0.02');
  });

  it("keeps tesseract's digits and punctuation where the other read has look-alikes or dropped them", () => {
    expect(mergeReads('CHANGE        RM 16.10', 'CHANGE RM 1610')).toBe('CHANGE        RM 16.10');
    expect(mergeReads('Change   $0.00', 'Change $0.co')).toBe('Change   $0.00');
    expect(mergeReads('SUB TOTAL   295.00', 'SUB TOTAL 295..00')).toBe('SUB TOTAL   295.00');
  });

  it('keeps a bracket tesseract read where the other read dropped it (a name broken over lines)', () => {
    expect(mergeReads('ENTERFRISE (SETIA', 'ENTERPRISE SETIA')).toBe('ENTERPRISE (SETIA');
  });

  it("moves a digit only the other read saw across tesseract's column gap, to the amount after it", () => {
    expect(mergeReads('NET TOTAL :    3.80', 'NET TOTAL : 19.80')).toBe('NET TOTAL :    19.80');
  });

  it('never turns a currency sign into a digit', () => {
    expect(mergeReads('Total Amount: $8.20', 'Total Amount: S8.20')).toBe('Total Amount: $8.20');
    expect(mergeReads('Total Amount: $8.20', 'Total Amount: 58.20')).toBe('Total Amount: $8.20');
  });

  it("fixes a date's digits when the other read has real digits there", () => {
    expect(mergeReads('Date: 06/03/2016  10:21', 'Date:06/03/2018 10:21')).toBe('Date: 06/03/2018  10:21');
  });

  it("drops tesseract's stray marks the other read does not see", () => {
    expect(mergeReads('Total Amount: "31.00', 'Total Amount:31.00')).toBe('Total Amount: 31.00');
  });

  it('keeps tesseract when the other read is empty or a different text altogether', () => {
    expect(mergeReads('TAMAN DESA HARMONI', '')).toBe('TAMAN DESA HARMONI');
    expect(mergeReads('Rounding   0.00', 'Ionlsals(nclusivRoundn : 2.0)')).toBe('Rounding   0.00');
  });

  it('normalises full-width characters of the Chinese-trained model', () => {
    expect(mergeReads('TOTAL (RM)  12.00', 'TOTAL （RM） 12.00')).toBe('TOTAL (RM)  12.00');
  });

  it("ignores the other read's unsure characters", () => {
    const read = 'Shell ISNI PEIRO TRADING';
    const confidences = [...read].map((character, index) => (index === read.indexOf('I', 12) ? 0.41 : 0.98));
    expect(mergeReads('Shell ISNI PETRO TRADING', read, confidences)).toBe('Shell ISNI PETRO TRADING');
    expect(mergeReads('Shell ISNI PETRO TRADING', read, confidences, { minCharacterConfidence: 0 })).toBe('Shell ISNI PEIRO TRADING');
    expect(
      mergeReads(
        'AFON CO. (M) BHD',
        'AEON CO. (M) BHD',
        [...'AEON CO. (M) BHD'].map(() => 0.95),
      ),
    ).toBe('AEON CO. (M) BHD');
  });

  it('drops punctuation only the other read put after a word, but not inside a date', () => {
    expect(mergeReads('THE TOAST F&E SDN BHD', 'THE:TOASTF&BSDNBHD')).toBe('THE TOAST F&B SDN BHD');
    // Tesseract's space stays (the date parser reads `18/ 04/2017`); the `/` before it is kept between digits.
    expect(mergeReads('Date : 1 "4/2017', 'Date : 18/04/2017')).toBe('Date : 18/ 04/2017');
  });

  it('drops a letter only tesseract saw inside a word when the other read is sure of the letters around it', () => {
    const sure = (text: string) => [...text].map(() => 0.99);
    expect(mergeReads('TEO HENEG STATIONERY & BOOKS', 'TEO HENG STATIONERY & BOOKS', sure('TEO HENG STATIONERY & BOOKS'))).toBe(
      'TEO HENG STATIONERY & BOOKS',
    );
    expect(mergeReads('Masxincome Resources', 'Maxincome Resources', sure('Maxincome Resources'))).toBe('Maxincome Resources');
    // A thin letter the other read dropped is its own miss; an unsure neighbour leaves the letter to tesseract.
    expect(mergeReads('Cashier : EIRA', 'Casher : EIRA', sure('Casher : EIRA'))).toBe('Cashier : EIRA');
    const unsure = sure('TEO HENG STATIONERY');
    unsure[6] = 0.9;
    expect(mergeReads('TEO HENEG STATIONERY', 'TEO HENG STATIONERY', unsure)).toBe('TEO HENEG STATIONERY');
  });
});
