import { z } from 'zod';

const ZConfidence = z.number().min(0).max(1);

function fieldOf<T extends z.ZodType>(value: T) {
  return z.object({ value: value.nullable(), confidence: ZConfidence });
}

export const ZParsedSize = z.object({
  amount: z.number().positive(),
  unit: z.enum(['g', 'kg', 'oz', 'lb', 'ml', 'l', 'gal', 'ct', 'fl oz', 'qt', 'pt']),
});

export const ZReceiptItem = z.object({
  name: z.string(),
  quantity: z.number(),
  /** 'lb'/'kg' for weighed items, null for counted ones. */
  quantityUnit: z.string().nullable(),
  unitPrice: z.number().nullable(),
  /** Line total as printed, before any attached discount. */
  price: z.number(),
  /** Sum of discounts/coupons printed against this item, as a positive number. */
  discount: z.number().min(0),
  size: ZParsedSize.nullable(),
  confidence: ZConfidence,
});
export type TReceiptItem = z.infer<typeof ZReceiptItem>;

export const ZConsistencyCheck = z.object({
  itemsTotal: z.number(),
  discountTotal: z.number(),
  tax: z.number(),
  /** items - discounts + tax. */
  expectedTotal: z.number(),
  total: z.number().nullable(),
  difference: z.number().nullable(),
  /** True when the expected total is within a cent (or Malaysian 5-sen rounding) of the printed total. */
  isConsistent: z.boolean(),
  message: z.string(),
});
export type TConsistencyCheck = z.infer<typeof ZConsistencyCheck>;

export const ZParsedReceipt = z.object({
  locale: z.string(),
  currency: z.string(),
  store: fieldOf(z.string()),
  address: fieldOf(z.string()),
  /** ISO yyyy-mm-dd. */
  date: fieldOf(z.string()),
  /** HH:MM, 24 h. */
  time: fieldOf(z.string()),
  items: z.array(ZReceiptItem),
  subtotal: fieldOf(z.number()),
  tax: fieldOf(z.number()),
  total: fieldOf(z.number()),
  payment: fieldOf(z.object({ method: z.string(), amount: z.number().nullable() })),
  consistency: ZConsistencyCheck,
});
export type TParsedReceipt = z.infer<typeof ZParsedReceipt>;
export type ParsedReceipt = TParsedReceipt;

export interface Field<T> {
  value: T | null;
  confidence: number;
}
