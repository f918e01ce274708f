// Reads receipts without the server: `npm run -s receipt -- [--locale <BCP 47 tag>] [--text] [--engine paddle] <file>...`
// Prints one JSON object per line per file. --text adds the extracted text; --full the whole parse;
// --engine paddle reads images with the experimental PP-OCRv4 engine instead of tesseract.
import path from 'node:path';
import type { OcrEngineName, ReceiptOcrEngine } from '../features/receipts/ocr/ocr-types';
import { configureSharpForOcr } from '../features/receipts/ocr/prepare-image';
import { readReceiptFile, terminateDefaultOcrEngine } from '../features/receipts/ocr/read-receipt-file';

interface CliOptions {
  locale: string;
  files: string[];
  isIncludingText: boolean;
  isFull: boolean;
  engine: OcrEngineName;
}

function readCliOptions(argv: readonly string[]): CliOptions {
  const files: string[] = [];
  let locale = Intl.DateTimeFormat().resolvedOptions().locale;
  let isIncludingText = false;
  let isFull = false;
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
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: npm run -s receipt -- [--locale <BCP 47 tag>] [--text] [--full] [--engine tesseract|paddle] <file>...\n');
      process.exit(0);
    } else files.push(arg);
  }
  // Validates the tag early so a typo fails loudly instead of silently using the default order.
  locale = new Intl.Locale(locale).toString();
  return { locale, files, isIncludingText, isFull, engine };
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
    options.engine === 'paddle' ? new (await import('../features/receipts/ocr/paddle-engine')).PaddleOcrEngine() : undefined;
  let failures = 0;
  try {
    for (const file of options.files) {
      try {
        const result = await readReceiptFile(path.resolve(file), { locale: options.locale, engine });
        const { parsed } = result;
        const line = {
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
        };
        process.stdout.write(`${JSON.stringify(line)}\n`);
      } catch (error) {
        failures += 1;
        const message = error instanceof Error ? error.message : String(error);
        process.stdout.write(`${JSON.stringify({ file, error: message })}\n`);
      }
    }
  } finally {
    await engine?.terminate();
    await terminateDefaultOcrEngine();
  }
  return failures > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
