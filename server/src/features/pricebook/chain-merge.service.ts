import type { TChainMergeSummary } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../../platform/audit-log';

/**
 * Merges one store chain into another in one transaction: its locations and the item names shoppers' receipts taught
 * it (product_aliases) move to `intoId`, then the chain is deleted. A misread receipt header makes a chain of its own
 * ("FRESH MART" beside "FreshMart"); this puts its history back with the real one.
 */
export async function mergeChain(app: Deps<'db' | 'log'>, actorId: string, fromId: string, intoId: string): Promise<TChainMergeSummary> {
  if (fromId === intoId) throw badRequest('A chain cannot be merged into itself');
  const summary = await app.db.transaction().execute(async (trx) => {
    const chains = await trx.selectFrom('store_chains').select(['id', 'name']).where('id', 'in', [fromId, intoId]).execute();
    const from = chains.find((chain) => chain.id === fromId);
    const into = chains.find((chain) => chain.id === intoId);
    if (!from) throw notFound('Chain');
    if (!into) throw badRequest('The chain to merge into does not exist');
    const locations = await trx.updateTable('store_locations').set({ chain_id: intoId }).where('chain_id', '=', fromId).executeTakeFirst();
    // An alias both chains already know stays once, on the chain it joins.
    const known = trx.selectFrom('product_aliases as kept').select('kept.alias').where('kept.chain_id', '=', intoId);
    await trx.deleteFrom('product_aliases').where('chain_id', '=', fromId).where('alias', 'in', known).execute();
    const aliases = await trx.updateTable('product_aliases').set({ chain_id: intoId }).where('chain_id', '=', fromId).executeTakeFirst();
    await trx.deleteFrom('store_chains').where('id', '=', fromId).execute();
    const result: TChainMergeSummary = { intoId, locations: Number(locations.numUpdatedRows), aliases: Number(aliases.numUpdatedRows) };
    await writeAudit(trx, {
      actorId,
      action: 'chain.merged',
      targetType: 'chain',
      targetId: intoId,
      details: { fromId, fromName: from.name, intoName: into.name, locations: result.locations, aliases: result.aliases },
    });
    return result;
  });
  app.log.info({ actorId, fromId, ...summary }, 'operator merged a store chain');
  return summary;
}
