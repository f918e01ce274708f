// The write thread of an import on SQLite (import-write-thread.ts starts it): its own connection to the file, and
// the same ImportWriteSession the in-process writes use, one request at a time in arrival order.
import { parentPort, workerData } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import { openSqliteKysely } from '../../db/database';
import type { FeedRecord } from './price-source';
import { ImportWriteSession, type WriteRequest, type WriteResponse, type WriteThreadData } from './import-writes';

const data = workerData as WriteThreadData;
const db = openSqliteKysely(data.sqliteFile);
const session = new ImportWriteSession(db, data.source);
let queue: Promise<void> = Promise.resolve();
let parts: FeedRecord[] = [];

async function answer(request: Exclude<WriteRequest, { kind: 'begin-file' | 'records' }>): Promise<WriteResponse> {
  try {
    if (request.kind === 'chunk') {
      const records = parts.length > 0 ? [...parts, ...request.records] : request.records;
      parts = [];
      return { id: request.id, counts: await session.writeChunk(records) };
    }
    if (request.kind === 'undo') await session.undoFile(request.since);
    else if (request.kind === 'execute') await session.execute(CompiledQuery.raw(request.sql, [...request.parameters]));
    else await db.destroy();
    return { id: request.id };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: WriteRequest) => {
  queue = queue.then(async () => {
    if (request.kind === 'begin-file') session.beginFile();
    else if (request.kind === 'records') for (const record of request.records) parts.push(record);
    else parentPort?.postMessage(await answer(request));
  });
});
