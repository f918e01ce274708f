import { PostgresAdapter, type Kysely } from 'kysely';
import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';

/**
 * A subquery's rows as one JSON array column, in the subquery's order, so several independent reads go to the
 * database as one statement: on PostgreSQL each statement costs its own parse, bind, execute and socket writes on
 * both sides, more than a small read's execution. The subquery names every column it selects (SQLite's
 * `json_object` needs the names). Read the column back with readJsonColumn.
 */
export function jsonRowsFrom<DB, O>(
  db: Kysely<DB>,
  query: Parameters<typeof sqliteJson.jsonArrayFrom<O>>[0],
): ReturnType<typeof postgresJson.jsonArrayFrom<O>> {
  return isPostgres(db) ? postgresJson.jsonArrayFrom(query) : sqliteJson.jsonArrayFrom<O>(query);
}

/** A column built by jsonRowsFrom: PostgreSQL's driver parses JSON itself, SQLite hands back its text. */
export function readJsonColumn<T>(value: T | string | null | undefined, empty: T): T {
  if (value === null || value === undefined) return empty;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function isPostgres<DB>(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
