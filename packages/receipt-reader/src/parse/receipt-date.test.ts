import { describe, expect, it } from 'vitest';
import { findReceiptDate, repairEraYear } from './receipt-date';
import { getVocabulary } from './vocabulary/index';
import { getPatterns } from './vocabulary/patterns';

const now = new Date(Date.UTC(2026, 0, 1));
const readMalaysian = (text: string) => findReceiptDate(text.split('\n'), { order: 'DMY', now, region: 'MY' }).date.value;
const readSingaporean = (text: string) => findReceiptDate(text.split('\n'), { order: 'DMY', now, region: 'SG' }).date.value;

describe('repairEraYear', () => {
  it('repairs one misread digit of a 2015-2019 year', () => {
    expect([
      repairEraYear(2047),
      repairEraYear(2518),
      repairEraYear(2007),
      repairEraYear(2014),
      repairEraYear(2013),
      repairEraYear(2011),
    ]).toEqual([2017, 2018, 2017, 2016, 2018, 2017]);
  });

  it('keeps era years and gives up on years two digits away', () => {
    expect(repairEraYear(2016)).toBe(2016);
    expect(repairEraYear(2021)).toBeNull();
    expect(repairEraYear(2031)).toBeNull();
  });
});

describe('findReceiptDate', () => {
  it('repairs a misread year on a Malaysian GST receipt', () => {
    expect(readMalaysian('SHOP SDN BHD\nGST ID: 000123456789\nRECEIPT #: CS123 DATE: 28/09/2047')).toBe('2017-09-28');
    expect(readMalaysian('SHOP SDN BHD\nGST REG 000123456789\n07:49PM 563094 14-12-14')).toBe('2016-12-14');
  });

  it('leaves years alone without GST or outside Malaysia', () => {
    expect(readMalaysian('SHOP SDN BHD\nSST 000123456789\nDATE: 14/12/2014')).toBe('2014-12-14');
    expect(readSingaporean('SHOP PTE LTD\nGST REG 000123456789\nDATE: 14/12/2014')).toBe('2014-12-14');
  });

  it('prefers a GST-era date to one that cannot be repaired', () => {
    expect(readMalaysian('SHOP SDN BHD\nGST ID 000123456789\nIN NO/DATE 15403-119336(20/07/20 16)\nITEM 2.60\n29/07/2016 12:13:52')).toBe(
      '2016-07-29',
    );
  });

  it('reads letters that OCR put for digits inside a labelled date', () => {
    expect(readMalaysian('SHOP SDN BHD\nDate: 25/@9/2017')).toBe('2017-09-25');
    expect(readMalaysian('SHOP SDN BHD\nDate: 11/09/2¢17')).toBe('2017-09-11');
  });

  it('takes the date printed twice over a misread single copy', () => {
    expect(readMalaysian('PARKING SDN BHD\nTax Invoice\n27/06/16 10:08\n27/06/18 09:49 - 27/06/18 10:08')).toBe('2018-06-27');
  });
});

describe('findReceiptDate with letters read for digits', () => {
  it('reads G, E and b as 6 inside a labelled date and repairs a year read with a 1 for its 2', () => {
    expect(readMalaysian('GST Reg No: 000203587584\nDate 1 D3/DE/I017 5:02:54 PM')).toBe('2017-06-03');
    expect(readMalaysian('GST Reg No: 000203587584\nDate: 1b/0G/2018')).toBe('2018-06-16');
  });

  it('reads a month printed as 83 as 03 on a line with a time, but not on a line without one', () => {
    expect(readMalaysian('GST No: 000123456789\nCASH1 H18-82 17/83/2817 21:35')).toBe('2017-03-17');
    expect(readMalaysian('GST No: 000123456789\nREF 17/83/2017')).toBeNull();
  });

  it('restores a separator lost before the year on a line with a time, over a labelled date that cannot be one', () => {
    expect(readMalaysian('GST No: 000123456789\nDate: 17/09/2901\nDD: 17/092017 11:02')).toBe('2017-09-17');
    expect(readMalaysian('GST No: 000123456789\nDate: 17/09/2901\nREF 17/092017')).not.toBe('2017-09-17');
  });

  it('does not take a year before 1990 outside the GST era', () => {
    expect(readSingaporean('Date: 03/06/1017')).toBeNull();
  });
});

describe('findReceiptDate on receipts that charge GST', () => {
  it('reads a 2019 year as 2018 when a non-zero GST amount is charged', () => {
    expect(
      readMalaysian(
        '(GST ID No :000473792512)\nTotal Incl. GST 119.70\nGST Summary Amt (RM) Tax(RM)\nGST S@6% 112.92 6.78\n15-03-19 15:41 SH01',
      ),
    ).toBe('2018-03-15');
  });

  it('keeps 2019 when the receipt only prints the GST number', () => {
    expect(readMalaysian('GST ID : 002116837376\nTotal 12.00\n11/01/2019 10:00')).toBe('2019-01-11');
  });
});

describe("findReceiptDate with the months of the receipt's language", () => {
  const readIn = (locale: string, lines: string[]) => {
    const vocabulary = getVocabulary(locale);
    const options = { order: vocabulary.dateOrder, now, dateLabel: getPatterns(vocabulary).dateLabel };
    return {
      withMonths: findReceiptDate(lines, { ...options, months: vocabulary.months }).date.value,
      withoutMonths: findReceiptDate(lines, options).date.value,
    };
  };

  it('reads a labelled date with a month name only when given the months', () => {
    expect(readIn('de-DE', ['BÄCKEREI MÜLLER', 'Datum: 3. März 2026', 'BROT 3,50'])).toEqual({
      withMonths: '2026-03-03',
      withoutMonths: null,
    });
    expect(readIn('it-IT', ['PANIFICIO ROSSI', 'DATA 24 DICEMBRE 2026 10:15', 'PANE 1,20'])).toEqual({
      withMonths: '2026-12-24',
      withoutMonths: null,
    });
  });

  it("takes the printed date over an item named like a month (a Mars bar's price is no year)", () => {
    expect(readIn('fr-FR', ['ÉPICERIE DU MIDI', '24/11/2026', '2 MARS 12,90']).withMonths).toBe('2026-11-24');
    expect(readIn('fr-FR', ['ÉPICERIE DU MIDI', '15 févr. 2026', '2 MARS 12,90']).withMonths).toBe('2026-02-15');
  });
});
