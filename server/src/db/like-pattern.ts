/**
 * A LIKE pattern matching `text` anywhere, lower-cased, with its own `\`, `%` and `_` escaped by a backslash; the
 * query names the escape (`like ... escape '\'`), which SQLite and PostgreSQL both read.
 */
export function toContainsLikePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
