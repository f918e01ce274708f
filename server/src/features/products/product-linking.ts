import {
  matchProduct,
  toAliasCoreKey,
  toAliasKey,
  toCanonicalProductName,
  AUTO_LINK_SCORE,
  type ProductMatch,
} from '@cartwise/contracts/domain/product-matching';
import { parseSize } from '@cartwise/contracts';
import { guessCategory } from './categories';
import { proposeAlias, proposeProduct } from './catalogue-changes.repo';
import { findMatchCandidates } from './product-search.repo';
import { insertProduct, type Db, type ProductRow } from './products.repo';

export interface MatchCandidates {
  products: { id: string; name: string; brand: string | null }[];
  aliases: { productId: string; alias: string; chainId: string | null }[];
  byId: Map<string, ProductRow>;
}

/**
 * What a receipt's lines can match, loaded once per receipt and bounded by its lines, not the catalogue: for each
 * line the products the word index ranks best (findMatchCandidates), the products the user already chose, and the
 * aliases that can decide a line (its exact or size-less key, this chain's aliases starting with that key) or
 * belong to a candidate. Three statements, however large the catalogue. Only public products and the user's own;
 * only shared aliases and the user's own, which win over a shared one for the same text.
 */
export async function loadMatchCandidates(
  db: Db,
  lines: readonly { name: string; productId?: string | null }[],
  chainId: string | null,
  userId: string,
): Promise<MatchCandidates> {
  const names = [...new Set(lines.map((line) => line.name))];
  const found = await findMatchCandidates(db, names, undefined, userId);
  const ids = new Set([...found.values()].flat().map((row) => row.id));
  for (const line of lines) if (line.productId) ids.add(line.productId);
  const keys = [...new Set(names.flatMap((name) => [toAliasKey(name), toAliasCoreKey(name)]).filter(Boolean))];
  const cores = [...new Set(names.map(toAliasCoreKey).filter(Boolean))];
  const aliases =
    keys.length === 0 && ids.size === 0
      ? []
      : await db
          .selectFrom('product_aliases')
          .select(['product_id', 'alias', 'chain_id', 'user_id'])
          .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
          .where((eb) =>
            eb.or([
              ...(keys.length > 0 ? [eb('alias', 'in', keys)] : []),
              ...(ids.size > 0 ? [eb('product_id', 'in', [...ids])] : []),
              // A size the receipt printed apart from the name: this chain's "hzn org 2pct hg" for "HZN ORG 2PCT".
              ...(chainId && cores.length > 0
                ? [eb.and([eb('chain_id', '=', chainId), eb.or(cores.map((core) => eb('alias', 'like', `${core} %`)))])]
                : []),
            ]),
          )
          .execute();
  const ownKeys = new Set(aliases.filter((row) => row.user_id !== null).map((row) => `${row.chain_id ?? ''}|${row.alias}`));
  // The matcher takes the first alias that fits: the user's own come first and hide the shared one they replace.
  const usable = aliases
    .filter((row) => row.user_id !== null || !ownKeys.has(`${row.chain_id ?? ''}|${row.alias}`))
    .sort((a, b) => Number(a.user_id === null) - Number(b.user_id === null));
  for (const alias of usable) ids.add(alias.product_id);
  const products =
    ids.size > 0
      ? await db
          .selectFrom('products')
          .selectAll()
          .where('id', 'in', [...ids])
          .where((eb) => eb.or([eb('owner_user_id', 'is', null), eb('owner_user_id', '=', userId)]))
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      : [];
  return {
    products: products.map((row) => ({ id: row.id, name: row.name, brand: row.brand })),
    aliases: usable.map((row) => ({ productId: row.product_id, alias: row.alias, chainId: row.chain_id })),
    byId: new Map(products.map((row) => [row.id, row])),
  };
}

export function suggestProduct(
  candidates: MatchCandidates,
  lineName: string,
  chainId: string | null,
): (ProductMatch & { product: ProductRow }) | null {
  const match = matchProduct(lineName, chainId, candidates.products, candidates.aliases);
  const product = match ? candidates.byId.get(match.productId) : undefined;
  return match && product ? { ...match, product } : null;
}

/**
 * Remembers that this chain prints `lineName` for `productId`, for this user at once (their next receipt from the
 * chain links itself) and for everyone only once an operator approves it or enough shoppers agree (proposeAlias).
 */
export async function rememberAlias(db: Db, productId: string, chainId: string | null, lineName: string, userId: string): Promise<void> {
  const key = toAliasKey(lineName);
  if (!key) return;
  await proposeAlias(db, userId, productId, chainId, key);
}

/**
 * A new canonical product for a line that matched nothing: readable name, parsed size, guessed category. It comes
 * from a private receipt, so it is the user's own (nobody else finds it) until an operator approves it.
 */
export async function createProductForLine(db: Db, lineName: string, category: string | null, userId: string): Promise<ProductRow> {
  const size = parseSize(lineName);
  const product = await insertProduct(
    db,
    {
      name: toCanonicalProductName(lineName),
      category: category ?? guessCategory(lineName),
      sizeValue: size?.amount ?? null,
      sizeUnit: size?.unit ?? null,
    },
    userId,
  );
  await proposeProduct(db, userId, product);
  return product;
}

/** The product a saved line links to: the user's choice, else a confident match, else a new product. */
export async function resolveLineProduct(
  db: Db,
  candidates: MatchCandidates,
  line: { name: string; productId?: string | null; category?: string | null },
  chainId: string | null,
  userId: string,
): Promise<ProductRow> {
  if (line.productId) {
    const chosen = candidates.byId.get(line.productId);
    if (chosen) return chosen;
  }
  const match = suggestProduct(candidates, line.name, chainId);
  if (match && match.score >= AUTO_LINK_SCORE) return match.product;
  const created = await createProductForLine(db, line.name, line.category ?? null, userId);
  // Later lines of the same receipt (and later receipts) can match the new product.
  candidates.products.push({ id: created.id, name: created.name, brand: created.brand });
  candidates.byId.set(created.id, created);
  return created;
}
