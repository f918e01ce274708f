/** How old a price is, in words. */
export function describeAge(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return '1 day old';
  return `${days} days old`;
}
