// The one place the receipts feature touches the reading engine (@cartwise/receipt-reader), so the
// app code depends on a small stable surface while the engine evolves.
import { parseReceiptText, type TParsedReceipt } from '@cartwise/receipt-reader';
import { extractPdfText, PdfHasNoTextError } from '@cartwise/receipt-reader';
import { readReceiptFile, UnsupportedReceiptError } from '@cartwise/receipt-reader';
import { sniffContentType, type ReceiptContentType } from '@cartwise/receipt-reader';

export type { TParsedReceipt, ReceiptContentType };
export { PdfHasNoTextError, UnsupportedReceiptError };

export interface ReadProgress {
  /** 0..1 over the whole recognition. */
  fraction: number;
}

/** The file's real type from its first bytes (never the client's name or declared type). */
export function detectContentType(buffer: Uint8Array): ReceiptContentType {
  return sniffContentType(buffer);
}

/** Text layer of a PDF e-receipt; throws PdfHasNoTextError for scans. */
export function readPdfText(buffer: Uint8Array): Promise<string> {
  return extractPdfText(buffer);
}

export function parseText(text: string, locale: string | null): TParsedReceipt {
  return parseReceiptText(text, { locale: locale ?? undefined });
}

/** OCR of a stored photo, then parsing; progress reports the recognising phase. */
export async function readImage(
  buffer: Buffer,
  locale: string | null,
  onProgress: (progress: ReadProgress) => void,
): Promise<{ text: string; parsed: TParsedReceipt; ms: number; warnings: string[] }> {
  const result = await readReceiptFile(buffer, {
    locale: locale ?? undefined,
    onProgress: ({ status, progress }) => {
      // Loading the language data is quick next to recognition; give it the first tenth.
      const fraction = status === 'recognizing text' ? 0.1 + 0.9 * progress : 0.1 * progress;
      onProgress({ fraction: Math.max(0, Math.min(1, fraction)) });
    },
  });
  return { text: result.text, parsed: result.parsed, ms: result.ms, warnings: result.warnings };
}
