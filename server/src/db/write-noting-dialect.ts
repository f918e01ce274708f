import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { isReadOnlySql } from './cache-trust';

/**
 * Wraps a dialect so that `noteWrite` runs before and after every statement that may change data (anything but a
 * SELECT: writes, DDL, raw SQL, and every commit or rollback, however it is sent). Before: a version read that
 * starts while the write is in flight is not trusted afterwards. After: nor is one that started before it. At the
 * driver, not in a plugin, because plugins never see transactions end and a write is visible only from its commit.
 */
export function noteWritesOf(dialect: Dialect, noteWrite: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => noteWritesOfDriver(dialect.createDriver(), noteWrite),
  };
}

async function runNotingWrites<T>(noteWrite: () => void, run: () => Promise<T>): Promise<T> {
  noteWrite();
  try {
    return await run();
  } finally {
    noteWrite();
  }
}

function noteWritesOfDriver(driver: Driver, noteWrite: () => void): Driver {
  // The driver's own begin/commit/release need the connection it made, so each wrapper maps back to it.
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const unwrap = (connection: DatabaseConnection) => inner.get(connection) ?? connection;
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const wrapped: DatabaseConnection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        if (isReadOnlySql(query.sql)) return connection.executeQuery<R>(query);
        return runNotingWrites(noteWrite, () => connection.executeQuery<R>(query));
      },
      streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
        if (isReadOnlySql(query.sql)) return connection.streamQuery<R>(query, chunkSize);
        return (async function* () {
          noteWrite();
          try {
            yield* connection.streamQuery<R>(query, chunkSize);
          } finally {
            noteWrite();
          }
        })();
      },
    };
    inner.set(wrapped, connection);
    return wrapped;
  };
  const savepoints = ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const;
  const wrapper: Driver = {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    beginTransaction: (connection, settings) => runNotingWrites(noteWrite, () => driver.beginTransaction(unwrap(connection), settings)),
    commitTransaction: (connection) => runNotingWrites(noteWrite, () => driver.commitTransaction(unwrap(connection))),
    rollbackTransaction: (connection) => runNotingWrites(noteWrite, () => driver.rollbackTransaction(unwrap(connection))),
    releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
    destroy: () => driver.destroy(),
  };
  for (const name of savepoints) {
    const method = driver[name]?.bind(driver);
    if (method)
      wrapper[name] = (connection, savepointName, compile) =>
        runNotingWrites(noteWrite, () => method(unwrap(connection), savepointName, compile));
  }
  return wrapper;
}
