// Reads receipts without the server: `npm run -s receipt -- [--locale <BCP 47 tag>] [--text] [--each] [--engine paddle] <file>...`
// Prints one JSON object per line per file. --text adds the extracted text; --full the whole parse;
// --engine paddle reads images with the experimental PP-OCRv4 engine instead of tesseract.
// Given several files, it prints them once all are read: each store is matched against the names the other receipts
// read (resolveBatchStores, as the review matches the stores Cartwise knows) and the names read on receipts printing the
// same seller registration number; `storeAsRead` keeps a replaced read.
// --each prints every file as soon as it is read, its store as read.
import path from 'node:path';
import { findSellerId, resolveBatchStores } from './parse/index';
import type { OcrEngineName, ReceiptOcrEngine } from './ocr/ocr-types';
import { configureSharpForOcr } from './ocr/prepare-image';
import { readReceiptFile, terminateDefaultOcrEngine } from './ocr/read-receipt-file';

interface CliOptions {
  locale: string;
  files: string[];
  isIncludingText: boolean;
  isFull: boolean;
  /** Print each file when read, without the batch's store matching. */
  isEach: boolean;
  engine: OcrEngineName;
}

type CliLine = ({ file: string; store: string | null; storeAsRead?: string } & Record<string, unknown>) | { file: string; error: string };

function readCliOptions(argv: readonly string[]): CliOptions {
  const files: string[] = [];
  let locale = Intl.DateTimeFormat().resolvedOptions().locale;
  let isIncludingText = false;
  let isFull = false;
  let isEach = false;
  let engine: OcrEngineName = 'tesseract';
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (arg === '--locale') {
      const value = argv[index + 1];
      if (!value) throw new Error('--locale needs a BCP 47 tag, e.g. en-US or en-MY');
      locale = value;
      index += 1;
    } else if (arg === '--engine') {
      const value = argv[index + 1];
      if (value !== 'tesseract' && value !== 'paddle') throw new Error('--engine must be tesseract or paddle');
      engine = value;
      index += 1;
    } else if (arg === '--text') isIncludingText = true;
    else if (arg === '--full') isFull = true;
    else if (arg === '--each') isEach = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(
        'usage: npm run -s receipt -- [--locale <BCP 47 tag>] [--text] [--full] [--each] [--engine tesseract|paddle] <file>...\n',
      );
      process.exit(0);
    } else files.push(arg);
  }
  // Validates the tag early so a typo fails loudly instead of silently using the default order.
  locale = new Intl.Locale(locale).toString();
  return { locale, files, isIncludingText, isFull, isEach, engine };
}

async function main(): Promise<number> {
  const options = readCliOptions(process.argv.slice(2));
  if (options.files.length === 0) {
    process.stderr.write('usage: npm run -s receipt -- [--locale <BCP 47 tag>] <file>...\n');
    return 2;
  }
  configureSharpForOcr();
  // undefined: readReceiptFile's shared tesseract engine. Loaded on demand: onnxruntime's native library
  // would otherwise add to every tesseract run's memory.
  const engine: ReceiptOcrEngine | undefined =
    options.engine === 'paddle' ? new (await import('./ocr/paddle-engine')).PaddleOcrEngine() : undefined;
  let failures = 0;
  const pending: CliLine[] = [];
  // Beside each buffered line, the seller's registration number read from its text (not printed).
  const sellerIds: (string | null)[] = [];
  const emit = (line: CliLine, text = '') => {
    if (options.isEach) {
      process.stdout.write(`${JSON.stringify(line)}\n`);
      return;
    }
    pending.push(line);
    sellerIds.push(findSellerId(text));
  };
  try {
    for (const [index, file] of options.files.entries()) {
      try {
        const result = await readReceiptFile(path.resolve(file), { locale: options.locale, engine });
        const { parsed } = result;
        emit(
          {
            file,
            store: parsed.store.value,
            date: parsed.date.value,
            total: parsed.total.value,
            items: parsed.items.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price })),
            ms: result.ms,
            source: result.source,
            locale: options.locale,
            ...(options.isFull ? { parsed } : {}),
            ...(options.isIncludingText ? { text: result.text } : {}),
          },
          result.text,
        );
      } catch (error) {
        failures += 1;
        const message = error instanceof Error ? error.message : String(error);
        emit({ file, error: message });
      }
      if (!options.isEach && process.stderr.isTTY) process.stderr.write(`\rread ${index + 1}/${options.files.length}`);
    }
    if (!options.isEach && process.stderr.isTTY) process.stderr.write('\n');
    printWithBatchStores(pending, sellerIds);
  } finally {
    await engine?.terminate();
    await terminateDefaultOcrEngine();
  }
  return failures > 0 ? 1 : 0;
}

/**
 * Prints the buffered lines, each store matched against the names the other receipts of the batch read, and the names
 * read on receipts with the same seller registration number.
 */
function printWithBatchStores(lines: readonly CliLine[], sellerIds: readonly (string | null)[]): void {
  const stores = resolveBatchStores(
    lines.map((line) => ('store' in line ? line.store : null)),
    sellerIds,
  );
  lines.forEach((line, index) => {
    const store = stores[index] ?? null;
    const shown = 'store' in line && store !== line.store ? { ...line, store, storeAsRead: line.store ?? undefined } : line;
    process.stdout.write(`${JSON.stringify(shown)}\n`);
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
