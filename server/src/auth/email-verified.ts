/**
 * better-auth's user.emailVerified: a boolean on PostgreSQL, 0/1 on SQLite. Mail other than account mail
 * (digests, alerts, operator announcements) goes only to addresses for which this is true.
 */
export function isEmailVerified(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}
