// Walks a published XML file with a streaming scanner and hands over each repeated element (an Item, a Promotion,
// a Store) as a small tree of its children, plus the root's header fields (ChainId, StoreId...) seen before it.
import { FeedError } from '../../price-source';
import { readXmlText } from './xml-input';
import { XmlScanner } from './xml-scanner';

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

const lowerNames = new Map<string, string>();

function lower(name: string): string {
  let known = lowerNames.get(name);
  if (known === undefined) {
    known = name.toLowerCase();
    if (lowerNames.size < 10_000) lowerNames.set(name, known);
  }
  return known;
}

/** Streams the records of one file; a parse error becomes a FeedError naming the line. */
export async function* readXmlRecords(bytes: AsyncIterable<Buffer>): AsyncGenerator<XmlRecord> {
  const header = new Map<string, string>();
  const out: XmlRecord[] = [];
  // Open elements: name and, inside a record, its node.
  const stack: { name: string; node: XmlNode | null }[] = [];
  let record: { kind: string; line: number; depth: number } | null = null;

  const scanner = new XmlScanner({
    open(tagName, line) {
      const name = lower(tagName);
      const parent = stack.at(-1);
      if (!record && RECORD_ELEMENTS.has(name)) {
        record = { kind: name, line, depth: stack.length };
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
    },
    text(text) {
      const top = stack.at(-1);
      if (top?.node) top.node.text += text;
      else if (top && stack.length >= 2) header.set(top.name, ((header.get(top.name) ?? '') + text).trim());
    },
    close() {
      const top = stack.pop();
      if (record && top && stack.length === record.depth) {
        out.push({ kind: record.kind, node: top.node ?? newNode(), line: record.line, header });
        record = null;
      }
    },
  });

  for await (const text of readXmlText(bytes)) {
    scanner.write(text);
    while (out.length > 0) yield out.shift() as XmlRecord;
  }
  scanner.close();
  while (out.length > 0) yield out.shift() as XmlRecord;
  if (!scanner.hasRoot) throw new FeedError('The file is empty');
}
