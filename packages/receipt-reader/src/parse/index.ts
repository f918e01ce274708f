// Receipt reading: pure text parsing shared by the server (OCR pipeline) and the web (pasted text preview).
export * from '@cartwise/contracts/contracts/parsed-receipt';
export * from './amounts';
export * from './dates';
export * from './locale';
export * from '@cartwise/contracts/domain/sizes';
export {
  parseReceiptText,
  parseReceiptTextWithEvidence,
  checkConsistency,
  type ParseReceiptOptions,
  type ParsedReceiptWithEvidence,
} from './parse-receipt-text';
export type { EvidenceSource, TotalEvidence } from './total-evidence';
export { resolveBatchStores, MIN_BATCH_READS } from './batch-stores';
export { findSellerId } from './seller-ids';
