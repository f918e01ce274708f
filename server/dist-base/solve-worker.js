import {
  solveSplitCart
} from "./chunk-CUA3GHL2.js";

// server/src/features/splitcart/solve-worker.ts
import { parentPort } from "node:worker_threads";
parentPort?.on("message", (request) => {
  let response;
  try {
    response = { id: request.id, result: solveSplitCart(request.instance, request.options) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
//# sourceMappingURL=solve-worker.js.map
