// Walks a published XML file with a streaming scanner and hands over each repeated element (an Item, a Promotion,
// a Store) as a small tree of its children, plus the root's header fields (ChainId, StoreId...) seen before it.
import { FeedError } from '../../price-source';
import { readXmlText } from './xml-input';
import { XmlScanner } from './xml-scanner';

/** An element's children by lower-case name: text for leaves, nested nodes for the rest (repeats kept in order). */
export interface XmlNode {
  text: string;
  children: ReadonlyMap<string, XmlNode[]>;
}

// Leaves (most elements) share one empty map rather than each allocating its own.
const NO_CHILDREN: ReadonlyMap<string, XmlNode[]> = new Map();

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

/**
 * The same text in a string of its own. A text of 13 characters or more is a slice of the chunk of the file it was
 * read from, and V8 keeps that whole chunk alive as long as the slice lives: a key kept for the whole file (an item
 * code, to find duplicates) would keep the whole file's text. Concatenating and slicing again gives a flat copy.
 */
export function toOwnString(text: string): string {
  return text.length < 13 ? text : ` ${text}`.slice(1);
}

export function childNodes(node: XmlNode, name: string): XmlNode[] {
  return node.children.get(name) ?? [];
}

function newNode(): XmlNode {
  return { text: '', children: NO_CHILDREN };
}

function addChild(parent: XmlNode, name: string, node: XmlNode): void {
  const children = parent.children === NO_CHILDREN ? new Map<string, XmlNode[]>() : (parent.children as Map<string, XmlNode[]>);
  parent.children = children;
  const siblings = children.get(name);
  if (siblings) siblings.push(node);
  else children.set(name, [node]);
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

/**
 * Streams the records of one file, in batches (those of one chunk of text, so the caller pays no promise per record);
 * a parse error becomes a FeedError naming the line.
 */
export async function* readXmlRecords(bytes: AsyncIterable<Buffer>): AsyncGenerator<XmlRecord[]> {
  const header = new Map<string, string>();
  let out: XmlRecord[] = [];
  // Open elements: their names and, inside a record, their nodes (parallel stacks, no object per element).
  const names: string[] = [];
  const nodes: (XmlNode | null)[] = [];
  let record: { kind: string; line: number; depth: number } | null = null;

  const scanner = new XmlScanner({
    open(tagName, line) {
      const name = lower(tagName);
      if (!record && RECORD_ELEMENTS.has(name)) {
        record = { kind: name, line, depth: names.length };
        names.push(name);
        nodes.push(newNode());
        return;
      }
      const parent = nodes.length > 0 ? nodes[nodes.length - 1] : null;
      let node: XmlNode | null = null;
      if (record && parent) {
        node = newNode();
        addChild(parent, name, node);
      }
      names.push(name);
      nodes.push(node);
    },
    text(text) {
      const depth = names.length;
      const node = depth > 0 ? nodes[depth - 1] : null;
      if (node) node.text += text;
      else if (depth >= 2) {
        const name = names[depth - 1]!;
        header.set(name, ((header.get(name) ?? '') + text).trim());
      }
    },
    close() {
      names.pop();
      const node = nodes.pop();
      if (record && node !== undefined && names.length === record.depth) {
        out.push({ kind: record.kind, node: node ?? newNode(), line: record.line, header });
        record = null;
      }
    },
  });

  for await (const text of readXmlText(bytes)) {
    scanner.write(text);
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  scanner.close();
  if (out.length > 0) yield out;
  if (!scanner.hasRoot) throw new FeedError('The file is empty');
}
