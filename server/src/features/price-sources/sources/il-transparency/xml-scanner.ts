// A small streaming XML scanner for the flat, element-only files the chains publish: it reports open tags, text
// (entities decoded, CDATA kept as written) and close tags, skips the declaration, comments, processing
// instructions and a DOCTYPE, ignores attributes, and fails on a tag closed out of order, an unknown entity, text
// outside the root or a file cut short. It walks the text with indexOf and char codes (a plain open tag and the close
// tag of the open element need no regex, blank text between tags is never sliced), several times faster than a
// general-purpose parser on these files, and keeps only the unfinished tail of each chunk.
import { FeedError } from '../../price-source';

export interface XmlEvents {
  open(name: string, line: number): void;
  text(text: string): void;
  close(name: string): void;
}

const OPEN_TAG = /<([A-Za-z_][\w.:-]*)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;
const CLOSE_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;
const ENTITY = /&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export class XmlScanner {
  private rest = '';
  private line = 1;
  private readonly open: string[] = [];
  private sawRoot = false;
  private isClosed = false;

  constructor(private readonly events: XmlEvents) {}

  /** The line the scanner has reached (for errors). */
  get currentLine(): number {
    return this.line;
  }

  get hasRoot(): boolean {
    return this.sawRoot;
  }

  write(chunk: string): void {
    const text = this.rest === '' ? chunk : this.rest + chunk;
    let pos = 0;
    for (;;) {
      const lt = text.indexOf('<', pos);
      if (lt < 0) break;
      if (lt > pos) this.onText(text, pos, lt);
      const end = this.readMarkup(text, lt);
      if (end < 0) {
        this.rest = text.slice(lt);
        return;
      }
      pos = end;
    }
    // Text with no tag after it yet waits for the next chunk, so an entity is never cut in two.
    this.rest = pos === 0 ? text : text.slice(pos);
  }

  close(): void {
    if (this.rest.trim() !== '') this.fail(this.rest.trimStart().startsWith('<') ? 'a tag is cut short' : 'text after the end');
    if (this.open.length > 0) this.fail(`<${this.open.at(-1)}> is never closed`);
  }

  private fail(message: string): never {
    throw new FeedError(`The XML is malformed or cut short: ${message}`, this.line);
  }

  private countLines(text: string, from: number, to: number): void {
    for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) this.line += 1;
  }

  /** Counts the lines of markup from `lt` to `end` (-1: not complete yet) and returns `end`. */
  private skipTo(text: string, lt: number, end: number): number {
    if (end >= 0) this.countLines(text, lt, end);
    return end;
  }

  private onText(text: string, from: number, to: number): void {
    // Most text between tags is an indent: count its lines without slicing it.
    let i = from;
    for (; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x0a) this.line += 1;
      else if (code !== 0x20 && (code < 0x09 || code > 0x0d)) break;
    }
    if (i === to) return;
    let value = text.slice(i, to);
    this.countLines(text, i, to);
    // Unicode spaces (no-break space...) count as blank too, as trim() says.
    if (text.charCodeAt(i) >= 0x80 && value.trim() === '') return;
    if (this.open.length === 0) this.fail(this.isClosed ? 'text after the root element' : 'text before the root element');
    if (value.includes('&')) value = decodeEntities(value, this.line);
    this.events.text(value);
  }

  /** Handles the markup at `lt`; returns where it ends, or -1 when it is not complete in `text` yet. */
  private readMarkup(text: string, lt: number): number {
    const next = text.charCodeAt(lt + 1);
    if (Number.isNaN(next)) return -1;
    if (next === 0x3f /* ? */) return this.skipTo(text, lt, until(text, '?>', lt));
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) return this.skipTo(text, lt, until(text, '-->', lt));
      if (text.startsWith('<![CDATA[', lt)) {
        const end = until(text, ']]>', lt);
        if (end >= 0) {
          if (this.open.length === 0) this.fail('CDATA outside the root element');
          this.events.text(text.slice(lt + 9, end - 3));
        }
        return this.skipTo(text, lt, end);
      }
      if (text.length - lt < 9) return -1;
      if (text.startsWith('<!DOCTYPE', lt)) return this.skipTo(text, lt, until(text, '>', lt));
      this.fail('unexpected "<!"');
    }
    if (next === 0x2f /* / */) {
      const top = this.open.at(-1);
      if (top !== undefined && text.charCodeAt(lt + 2 + top.length) === 0x3e /* > */ && text.startsWith(top, lt + 2)) {
        this.open.pop();
        if (this.open.length === 0) this.isClosed = true;
        this.events.close(top);
        return lt + 3 + top.length;
      }
      CLOSE_TAG.lastIndex = lt;
      const match = CLOSE_TAG.exec(text);
      if (!match) return text.indexOf('<', lt + 1) < 0 ? -1 : this.fail('a closing tag is not well formed');
      const name = match[1]!;
      if (this.open.at(-1) !== name) this.fail(`</${name}> closes <${this.open.at(-1) ?? 'nothing'}>`);
      this.open.pop();
      if (this.open.length === 0) this.isClosed = true;
      this.events.close(name);
      this.countLines(text, lt, CLOSE_TAG.lastIndex);
      return CLOSE_TAG.lastIndex;
    }
    const plain = plainOpenTag(text, lt);
    if (plain > 0) {
      const isEmpty = text.charCodeAt(plain) === 0x2f; /* / */
      this.onOpen(text.slice(lt + 1, plain), isEmpty);
      return plain + (isEmpty ? 2 : 1);
    }
    OPEN_TAG.lastIndex = lt;
    const match = OPEN_TAG.exec(text);
    // Unmatched with no later tag: the tag goes on in the next chunk.
    if (!match) return text.indexOf('<', lt + 1) < 0 ? -1 : this.fail('a tag is not well formed');
    this.onOpen(match[1]!, match[2] === '/');
    this.countLines(text, lt, OPEN_TAG.lastIndex);
    return OPEN_TAG.lastIndex;
  }

  private onOpen(name: string, isEmpty: boolean): void {
    if (this.open.length === 0) {
      if (this.sawRoot) this.fail('a second root element');
      this.sawRoot = true;
    }
    this.events.open(name, this.line);
    if (isEmpty) this.events.close(name);
    else this.open.push(name);
  }
}

const isNameStart = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
const isNameChar = (code: number): boolean =>
  isNameStart(code) || (code >= 0x30 && code <= 0x3a) /* 0-9 : */ || code === 0x2d /* - */ || code === 0x2e; /* . */

/** Where the name of a tag with no attributes at `lt` ends (at its `>` or `/>`), or -1 for any other markup. */
function plainOpenTag(text: string, lt: number): number {
  if (!isNameStart(text.charCodeAt(lt + 1))) return -1;
  let end = lt + 2;
  while (isNameChar(text.charCodeAt(end))) end++;
  const code = text.charCodeAt(end);
  if (code === 0x3e /* > */) return end;
  return code === 0x2f /* / */ && text.charCodeAt(end + 1) === 0x3e ? end : -1;
}

function until(text: string, terminator: string, from: number): number {
  const at = text.indexOf(terminator, from);
  return at < 0 ? -1 : at + terminator.length;
}

function decodeEntities(text: string, line: number): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    const known = NAMED[name];
    if (known === undefined) throw new FeedError(`The XML is malformed or cut short: unknown entity ${whole}`, line);
    return known;
  });
}
