import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import type { SourceInput } from '../price-source';

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Bytes per piece handed to the readers. A gunzip stream read as an async iterator hands over all it has decoded at
 * once (a megabyte of XML per 64 KB read); decoded whole, that is a string V8 allocates straight in the old generation
 * and hundreds of records made at once that outlive young-generation collections, which grows the heap far past
 * what the import keeps. A piece of 32 KB decodes to at most 64 KB of string and a few dozen records.
 */
const PIECE_BYTES = 32 * 1024;

/** One input as a Node stream of bytes, gunzipped when it starts with the gzip magic bytes, in pieces of PIECE_BYTES. */
export async function openBytes(input: SourceInput): Promise<AsyncIterable<Buffer>> {
  const opened = await input.open();
  const readable =
    opened instanceof WebReadableStream || (typeof ReadableStream !== 'undefined' && opened instanceof ReadableStream)
      ? Readable.fromWeb(opened as WebReadableStream<Uint8Array>)
      : (opened as Readable);
  return splitPieces(sniffGunzip(readable));
}

async function* splitPieces(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  for await (const bytes of chunks)
    if (bytes.length <= PIECE_BYTES) yield bytes;
    else for (let start = 0; start < bytes.length; start += PIECE_BYTES) yield bytes.subarray(start, start + PIECE_BYTES);
}

async function* sniffGunzip(source: AsyncIterable<Buffer | Uint8Array | string>): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = toBuffer(first.value);
  const rest = (async function* () {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield toBuffer(next.value);
  })();
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  const piped = Readable.from(rest).pipe(gunzip);
  try {
    for await (const chunk of piped) yield chunk as Buffer;
  } catch (error) {
    throw new Error(`The file is not valid gzip or is truncated (${(error as Error).message})`, { cause: error });
  }
}

const toBuffer = (chunk: Buffer | Uint8Array | string): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);

/**
 * Decodes bytes into text: UTF-8 (BOM dropped) unless the first chunk is not valid UTF-8, then the legacy
 * encoding given (windows-1250 for Croatian lists), so a file in the wrong encoding never yields mojibake.
 */
export async function* decodeText(bytes: AsyncIterable<Buffer>, legacyEncoding = 'windows-1250'): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  for await (const chunk of bytes) {
    if (!decoder) {
      // A chunk may end inside a multi-byte character: check only up to the last complete one.
      const probe = chunk.subarray(0, Math.max(0, chunk.length - 4));
      decoder = isUtf8(probe) ? new TextDecoder('utf-8', { fatal: true }) : new TextDecoder(legacyEncoding);
    }
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw new Error('The file is not valid UTF-8 text');
    }
  }
  if (decoder) yield decoder.decode();
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Splits text chunks into lines with their 1-based number (the BOM and a trailing \r are dropped). */
export async function* readLines(text: AsyncIterable<string>): AsyncGenerator<{ line: string; number: number }> {
  let pending = '';
  let number = 0;
  for await (const chunk of text) {
    pending += chunk;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      number += 1;
      yield { line: cleanLine(pending.slice(start, end), number), number };
      start = end + 1;
    }
    pending = pending.slice(start);
  }
  if (pending.length > 0) {
    number += 1;
    yield { line: cleanLine(pending, number), number };
  }
}

const cleanLine = (line: string, number: number) => {
  const text = line.endsWith('\r') ? line.slice(0, -1) : line;
  return number === 1 && text.startsWith('\uFEFF') ? text.slice(1) : text;
};

/**
 * Splits CSV lines into records (RFC 4180 quoting; a quoted cell may span lines), each with the number of the
 * line it starts on. Blank lines are skipped.
 */
export async function* readCsvRecords(
  lines: AsyncIterable<{ line: string; number: number }> | Iterable<{ line: string; number: number }>,
  delimiter: string,
): AsyncGenerator<{ cells: string[]; line: number }> {
  let cells: string[] = [];
  let cell = '';
  let isQuoted = false;
  let startLine = 0;
  for await (const { line, number } of lines) {
    if (!isQuoted) {
      if (line.trim() === '') continue;
      startLine = number;
    } else {
      cell += '\n';
    }
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i];
      if (isQuoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (ch === '"') isQuoted = false;
        else cell += ch;
      } else if (ch === '"') isQuoted = true;
      else if (ch === delimiter) {
        cells.push(cell);
        cell = '';
      } else cell += ch;
    }
    if (isQuoted) continue;
    cells.push(cell);
    yield { cells, line: startLine };
    cells = [];
    cell = '';
  }
  if (isQuoted) throw new Error(`Line ${startLine}: a quoted cell is never closed (the file is truncated)`);
}

/** The number of minor units a currency has (2 for EUR, 0 for JPY, 3 for KWD), from the runtime's ISO 4217 data. */
export function minorDigitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    throw new Error(`Unknown currency "${currency}"`);
  }
}

export const isCurrencyCode = (text: string): boolean => /^[A-Z]{3}$/.test(text);

/** Largest plausible grocery price in major units; anything above is a feed error, not a price. */
const MAX_PRICE_MAJOR = 100_000;

/**
 * A price in major units (number or text with a decimal point or comma) as integer minor units; null when empty.
 * Throws for a negative, zero, absurd or unreadable price so the caller names the line.
 */
export function toMinorUnits(value: number | string | null | undefined, currency: string): number | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/\s/g, '').replace(',', '.');
  if (text === '') return null;
  const amount = Number(text);
  if (!Number.isFinite(amount)) throw new Error(`"${String(value)}" is not a price`);
  if (amount <= 0) throw new Error(`a price must be positive (got ${String(value)})`);
  if (amount > MAX_PRICE_MAJOR) throw new Error(`the price ${String(value)} is not plausible`);
  const digits = minorDigitsOf(currency);
  return Math.round(Number((amount * 10 ** digits).toFixed(6)));
}

/** A local file as an input. */
export function fileInput(path: string, name = path): SourceInput {
  return { name, open: () => Promise.resolve(createReadStream(path)) };
}

/** Every file of a directory (and its subdirectories) in name order, hidden ones left out; a file is itself. */
export async function* listDirectoryFiles(path: string): AsyncGenerator<SourceInput> {
  if (!(await stat(path)).isDirectory()) {
    yield fileInput(path);
    return;
  }
  const names = (await readdir(path)).filter((name) => !name.startsWith('.')).sort((a, b) => a.localeCompare(b));
  for (const name of names) yield* listDirectoryFiles(join(path, name));
}
