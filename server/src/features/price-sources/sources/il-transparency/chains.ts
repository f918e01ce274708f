// Names of chains whose files come without a Stores file (the ids are GS1 company prefixes); a Stores file's
// ChainName wins, and an unknown chain is named by its id.
const CHAIN_NAMES: Record<string, string> = {
  '7290027600007': 'שופרסל',
  '7290055700007': 'יינות ביתן / קרפור',
  '7290058140886': 'רמי לוי',
  '7290103152017': 'אושר עד',
  '7290803800003': 'יוחננוף',
};

export function nameIlChain(chainId: string, named?: string | null): string {
  return named?.trim() || CHAIN_NAMES[chainId] || chainId;
}
