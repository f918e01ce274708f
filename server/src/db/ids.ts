import crypto from 'node:crypto';

export function createId(): string {
  return crypto.randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

export function isFlagSet(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}
