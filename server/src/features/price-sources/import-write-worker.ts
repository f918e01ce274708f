// The write thread of a server's SQLite file (import-write-thread.ts starts it): its own connection to the file, the
// product keys kept across runs, and one ImportWriteSession per run, the requests done one at a time in arrival order.
import { parentPort, workerData } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import { openSqliteKysely } from '../../db/database';
import { ProductKeyCache } from './feed-product-keys';
import { unpackRecords } from './record-parts';
import { ImportWriteSession, type WriteRequest, type WriteResponse, type WriteThreadData } from './import-writes';

const data = workerData as WriteThreadData;
const db = openSqliteKysely(data.sqliteFile);
const productKeys = new ProductKeyCache();
const sessions = new Map<number, { session: ImportWriteSession; parts: Uint8Array[] }>();
let queue: Promise<void> = Promise.resolve();

function findSession(id: number): { session: ImportWriteSession; parts: Uint8Array[] } {
  const open = sessions.get(id);
  if (!open) throw new Error(`The write thread has no run session ${id}`);
  return open;
}

async function answer(request: Exclude<WriteRequest, { kind: 'begin-file' | 'records' }>): Promise<WriteResponse> {
  try {
    if (request.kind === 'open') {
      const session = new ImportWriteSession(db, request.source, productKeys);
      sessions.set(request.session, { session, parts: [] });
      await session.start();
    } else if (request.kind === 'chunk') {
      const open = findSession(request.session);
      const parts = [...open.parts, request.bytes];
      open.parts = [];
      const records = parts.length === 1 ? unpackRecords(parts[0]!) : parts.flatMap((part) => unpackRecords(part));
      return { id: request.id, counts: await open.session.writeChunk(records) };
    } else if (request.kind === 'undo') await findSession(request.session).session.undoFile(request.since);
    else if (request.kind === 'execute')
      await findSession(request.session).session.execute(CompiledQuery.raw(request.sql, [...request.parameters]));
    else if (request.kind === 'end') sessions.delete(request.session);
    else await db.destroy();
    return { id: request.id };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', (request: WriteRequest) => {
  queue = queue.then(async () => {
    if (request.kind === 'begin-file') sessions.get(request.session)?.session.beginFile();
    else if (request.kind === 'records') sessions.get(request.session)?.parts.push(request.bytes);
    else parentPort?.postMessage(await answer(request));
  });
});
