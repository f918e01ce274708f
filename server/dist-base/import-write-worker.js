import {
  ImportWriteSession,
  openSqliteKysely
} from "./chunk-X7D22WI6.js";

// server/src/features/price-sources/import-write-worker.ts
import { parentPort, workerData } from "node:worker_threads";
import { CompiledQuery } from "kysely";
var data = workerData;
var db = openSqliteKysely(data.sqliteFile);
var session = new ImportWriteSession(db, data.source);
var queue = Promise.resolve();
var parts = [];
async function answer(request) {
  try {
    if (request.kind === "chunk") {
      const records = parts.length > 0 ? [...parts, ...request.records] : request.records;
      parts = [];
      return { id: request.id, counts: await session.writeChunk(records) };
    }
    if (request.kind === "undo") await session.undoFile(request.since);
    else if (request.kind === "execute") await session.execute(CompiledQuery.raw(request.sql, [...request.parameters]));
    else await db.destroy();
    return { id: request.id };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}
parentPort?.on("message", (request) => {
  queue = queue.then(async () => {
    if (request.kind === "begin-file") session.beginFile();
    else if (request.kind === "records") for (const record of request.records) parts.push(record);
    else parentPort?.postMessage(await answer(request));
  });
});
//# sourceMappingURL=import-write-worker.js.map
