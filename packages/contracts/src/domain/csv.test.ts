import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { escapeCsvField, parseCsv, toCsv } from './csv';

describe('escapeCsvField', () => {
  it('leaves plain text and numbers alone', () => {
    expect(escapeCsvField('Whole milk')).toBe('Whole milk');
    expect(escapeCsvField(12.5)).toBe('12.5');
    expect(escapeCsvField('-3.49')).toBe('-3.49');
    expect(escapeCsvField(true)).toBe('true');
  });

  it('writes null, undefined and non-finite numbers as empty cells', () => {
    expect(escapeCsvField(null)).toBe('');
    expect(escapeCsvField(undefined)).toBe('');
    expect(escapeCsvField(Number.NaN)).toBe('');
  });

  it('quotes cells with commas, quotes, newlines or edge spaces and doubles the quotes', () => {
    expect(escapeCsvField('Eggs, large')).toBe('"Eggs, large"');
    expect(escapeCsvField('12" pizza')).toBe('"12"" pizza"');
    expect(escapeCsvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(escapeCsvField('a\r\nb')).toBe('"a\r\nb"');
    expect(escapeCsvField(' padded ')).toBe('" padded "');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    expect(escapeCsvField('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(escapeCsvField('+1 soda')).toBe("'+1 soda");
    expect(escapeCsvField('@sum')).toBe("'@sum");
    expect(escapeCsvField('-')).toBe("'-");
  });
});

describe('toCsv', () => {
  it('writes a header, rows and CRLF line endings', () => {
    expect(
      toCsv(
        ['name', 'price'],
        [
          ['Milk', '3.49'],
          ['Bread, rye', 2],
        ],
      ),
    ).toBe('name,price\r\nMilk,3.49\r\n"Bread, rye",2\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells that contain separators and newlines', () => {
    expect(parseCsv('a,"b,c","d\r\ne"\r\n1,"say ""hi""",\r\n')).toEqual([
      ['a', 'b,c', 'd\r\ne'],
      ['1', 'say "hi"', ''],
    ]);
  });

  it('round-trips any text that does not look like a formula', () => {
    const cell = fc
      .string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', 'é', '1', '.') })
      .filter((text) => !/^[=+\-@\t\r]/.test(text));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell), { maxLength: 5 }), (rows) => {
        expect(parseCsv(toCsv(['h1', 'h2', 'h3'], rows))).toEqual([['h1', 'h2', 'h3'], ...rows]);
      }),
    );
  });
});
