// The receipt reader's one entry point: a file (photo, PDF or text) in, a parsed draft out, and the store matching
// that turns a name as read into a known store.
export { readReceiptFile, UnsupportedReceiptError, terminateDefaultOcrEngine } from './ocr/read-receipt-file';
export { configureSharpForOcr } from './ocr/prepare-image';
export { extractPdfText, PdfHasNoTextError } from './ocr/pdf-text';
export { sniffContentType, type ReceiptContentType } from './ocr/sniff-content-type';
export type { OcrEngineName, ReceiptOcrEngine } from './ocr/ocr-types';
export * from './parse/index';
export { findKnownStore, indexKnownStores, MAX_STORES_FOR_DUPLICATE_CHECK, suggestStoreMerges } from './parse/known-stores';
