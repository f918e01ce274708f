import { describe, expect, it } from 'vitest';
import { XmlScanner } from './xml-scanner';

function scan(chunks: string[]): string[] {
  const events: string[] = [];
  const scanner = new XmlScanner({
    open: (name, line) => events.push(`<${name}@${line}`),
    text: (text) => events.push(`"${text}"`),
    close: (name) => events.push(`</${name}`),
  });
  for (const chunk of chunks) scanner.write(chunk);
  scanner.close();
  return events;
}

const DOCUMENT =
  '<?xml version="1.0"?>\n<!DOCTYPE Root>\n<!-- a comment, <Item> -->\n<Root a="1 > 0" b=\'x\'>\n <Item>' +
  '<Name>Salt &amp; pepper &#1488;&#x5D1; &lt;1&gt;</Name><Code><![CDATA[<7290>]]></Code><Empty/></Item>\n</Root>\n';

const EXPECTED = [
  '<Root@4',
  '<Item@5',
  '<Name@5',
  '"Salt & pepper אב <1>"',
  '</Name',
  '<Code@5',
  '"<7290>"',
  '</Code',
  '<Empty@5',
  '</Empty',
  '</Item',
  '</Root',
];

describe('the XML scanner', () => {
  it('reads tags, entities, CDATA and lines, skipping the declaration, DOCTYPE, comments and attributes', () => {
    expect(scan([DOCUMENT])).toEqual(EXPECTED);
  });

  it('reads the same events whatever chunk boundary the stream has', () => {
    for (let cut = 1; cut < DOCUMENT.length; cut++) expect(scan([DOCUMENT.slice(0, cut), DOCUMENT.slice(cut)])).toEqual(EXPECTED);
  });

  it('counts lines in indents, tags spread over lines and blank or non-breaking-space text', () => {
    const text = '<Root>\n\n  <Item\n  >\u00a0</Item>\n\t<Code \n/>\r\n <Name>a\nb</Name>\n <End/></Root>';
    const expected = ['<Root@1', '<Item@3', '</Item', '<Code@5', '</Code', '<Name@7', '"a\nb"', '</Name', '<End@9', '</End', '</Root'];
    for (let cut = 1; cut < text.length; cut++) expect(scan([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
  });

  it.each([
    ['a tag closed out of order', '<Root><Item></Root></Item>', /<\/Root> closes <Item>/],
    ['a file cut short', '<Root><Item><Code>1</Code>', /<Item> is never closed/],
    ['a tag cut short', '<Root><Item><Co', /cut short/],
    ['an unknown entity', '<Root>&nbsp;</Root>', /unknown entity &nbsp;/],
    ['text outside the root', 'hello<Root/>', /text before the root/],
    ['a second root', '<Root/><Root/>', /second root/],
  ])('fails on %s, naming the line', (_what, text, message) => {
    expect(() => scan([text])).toThrow(message);
  });
});
