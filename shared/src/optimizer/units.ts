import { z } from 'zod';

/** Units a list item or a package can be expressed in; each converts to a base unit (g, ml, each). */
export const ZQuantityUnit = z.enum(['each', 'g', 'kg', 'ml', 'l', 'oz', 'lb']);
export type QuantityUnit = z.infer<typeof ZQuantityUnit>;

const TO_BASE: Record<QuantityUnit, { dimension: 'count' | 'mass' | 'volume'; factor: number }> = {
  each: { dimension: 'count', factor: 1 },
  g: { dimension: 'mass', factor: 1 },
  kg: { dimension: 'mass', factor: 1000 },
  oz: { dimension: 'mass', factor: 28.349523125 },
  lb: { dimension: 'mass', factor: 453.59237 },
  ml: { dimension: 'volume', factor: 1 },
  l: { dimension: 'volume', factor: 1000 },
};

/** Amount in the unit's base (g, ml or pieces) and its dimension, for comparing package sizes. */
export function toBaseAmount(amount: number, unit: QuantityUnit): { dimension: string; amount: number } {
  const { dimension, factor } = TO_BASE[unit];
  return { dimension, amount: amount * factor };
}
