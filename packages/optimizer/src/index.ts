// The split-cart optimiser's public surface: an exact solver for "which store to buy each item at".
export { solveSplitCart, type SolveOptions } from './solve';
export * from './types';
export { warmUpSolver } from './warm-up';
export { buildSameTripList } from './test-lists';
