// Walks a published XML file with a streaming parser and hands over each repeated element (an Item, a Promotion,
// a Store) as a small tree of its children, plus the root's header fields (ChainId, StoreId...) seen before it.
import { SaxesParser } from 'saxes';
import { FeedError } from '../../price-source';
import { readXmlText } from './xml-input';

/** An element's children by lower-case name: text for leaves, nested nodes for the rest (repeats kept in order). */
export interface XmlNode {
  text: string;
  children: Map<string, XmlNode[]>;
}

export interface XmlRecord {
  /** Lower-case name of the record element: 'item', 'product', 'promotion', 'store'. */
  kind: string;
  node: XmlNode;
  line: number;
  /** Leaf fields directly under the root and its wrappers (chainid, storeid, chainname...), lower-case names. */
  header: Map<string, string>;
}

// An Item inside a Promotion belongs to it: only the outermost of these starts a record.
const RECORD_ELEMENTS = new Set(['item', 'product', 'promotion', 'store']);

export function childText(node: XmlNode, name: string): string {
  return node.children.get(name)?.[0]?.text.trim() ?? '';
}

export function childNodes(node: XmlNode, name: string): XmlNode[] {
  return node.children.get(name) ?? [];
}

function newNode(): XmlNode {
  return { text: '', children: new Map() };
}

/** Streams the records of one file; a parse error becomes a FeedError naming the line. */
export async function* readXmlRecords(bytes: AsyncIterable<Buffer>): AsyncGenerator<XmlRecord> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const header = new Map<string, string>();
  const out: XmlRecord[] = [];
  // Open elements: name and, inside a record, its node.
  const stack: { name: string; node: XmlNode | null }[] = [];
  let record: { kind: string; line: number; depth: number } | null = null;
  let sawRoot = false;

  parser.on('opentag', (tag) => {
    const name = tag.name.toLowerCase();
    const parent = stack.at(-1);
    if (!sawRoot) sawRoot = true;
    if (!record && RECORD_ELEMENTS.has(name)) {
      record = { kind: name, line: parser.line, depth: stack.length };
      stack.push({ name, node: newNode() });
      return;
    }
    if (record && parent?.node) {
      const node = newNode();
      const siblings = parent.node.children.get(name);
      if (siblings) siblings.push(node);
      else parent.node.children.set(name, [node]);
      stack.push({ name, node });
      return;
    }
    stack.push({ name, node: null });
  });
  parser.on('text', (text) => {
    const top = stack.at(-1);
    if (top?.node) top.node.text += text;
    else if (top && stack.length >= 2) header.set(top.name, (header.get(top.name) ?? '') + text);
  });
  parser.on('cdata', (text) => {
    const top = stack.at(-1);
    if (top?.node) top.node.text += text;
  });
  parser.on('closetag', () => {
    const top = stack.pop();
    if (record && top && stack.length === record.depth) {
      out.push({ kind: record.kind, node: top.node ?? newNode(), line: record.line, header });
      record = null;
    } else if (top && !top.node && header.has(top.name)) {
      header.set(top.name, header.get(top.name)?.trim() ?? '');
    }
  });

  try {
    for await (const text of readXmlText(bytes)) {
      parser.write(text);
      while (out.length > 0) yield out.shift() as XmlRecord;
    }
    parser.close();
  } catch (error) {
    if (error instanceof FeedError) throw error;
    throw new FeedError(`The XML is malformed or cut short: ${(error as Error).message}`, parser.line);
  }
  while (out.length > 0) yield out.shift() as XmlRecord;
  if (!sawRoot) throw new FeedError('The file is empty');
}
