import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZSavingsPeriod } from './dashboard';

/** GET /api/savings?period=month|year: the calendar period (UTC) the dashboard's "Money saved" figure covers. */
export const ZSavingsLedgerQuery = z.object({
  period: z.enum(['month', 'year'], { message: 'period must be month or year' }).default('month'),
});
export type TSavingsLedgerQuery = z.infer<typeof ZSavingsLedgerQuery>;

/** One finished split-cart trip and the saving it proved against the plan's best single store. */
export const ZTripSaving = z.object({
  id: z.string(),
  listId: z.string().nullable(),
  listName: z.string(),
  /** The day the trip started (yyyy-mm-dd): the period it counts in. */
  usedOn: z.string(),
  finishedAt: z.string(),
  spentCents: z.number().int().nonnegative(),
  plannedCents: z.number().int().nonnegative(),
  savingsCents: z.number().int().nonnegative(),
  boughtCount: z.number().int().nonnegative(),
  /** How many of the trip's stores a receipt has priced at what was paid (0: planned prices). */
  receiptCount: z.number().int().nonnegative(),
});
export type TTripSaving = z.infer<typeof ZTripSaving>;

/** One receipt's deal saving: printed discounts plus deal prices paid (the original minus the sale price). */
export const ZReceiptSaving = z.object({
  receiptId: z.string(),
  storeName: z.string(),
  purchasedOn: z.string(),
  discountCents: z.number().int().nonnegative(),
  dealCents: z.number().int().nonnegative(),
  savingsCents: z.number().int().nonnegative(),
});
export type TReceiptSaving = z.infer<typeof ZReceiptSaving>;

/**
 * Every saving behind the dashboard's figure for the period, newest first: `totals` is that figure, the sum of
 * the trips' and the receipts' savings.
 */
export const ZSavingsLedger = z.object({
  period: z.enum(['month', 'year']),
  /** [from, to) as yyyy-mm-dd. */
  from: z.string(),
  to: z.string(),
  totals: ZSavingsPeriod,
  trips: z.array(ZTripSaving),
  receipts: z.array(ZReceiptSaving),
});
export type TSavingsLedger = z.infer<typeof ZSavingsLedger>;

/** The savings ledger endpoint, the shopper's own trips and receipts only. */
export const savingsApi = {
  ledger: defineRoute({ method: 'GET', path: '/api/savings', query: ZSavingsLedgerQuery, responses: { 200: ZSavingsLedger } }),
};
