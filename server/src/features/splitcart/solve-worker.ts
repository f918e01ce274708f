import { parentPort } from 'node:worker_threads';
import { solveSplitCart } from '@cartwise/optimizer';
import type { SolveRequest, SolveResponse } from './solver-thread';

// Runs in a worker thread (solver-thread.ts): one solve at a time, answered with the request's id.
parentPort?.on('message', (request: SolveRequest) => {
  let response: SolveResponse;
  try {
    response = { id: request.id, result: solveSplitCart(request.instance, request.options) };
  } catch (error) {
    response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(response);
});
