/**
 * The single rounding rule used everywhere (solver, brute force, HiGHS reference, plan, promotions):
 * a line costs round(qty * unitPrice) cents, half away from zero, after trimming float noise
 * so 1.15 * 100 rounds like the decimal the user typed.
 */
export function roundLineCents(qty: number, unitPriceCents: number): number {
  const exact = qty * unitPriceCents;
  if (Number.isInteger(exact)) return exact;
  return Math.round(Number(exact.toFixed(6)));
}
