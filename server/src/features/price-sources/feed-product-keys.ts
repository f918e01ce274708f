// The catalogue's product keys (normalised GTIN, a chain's item code, a hand-made file's name and brand) -> product
// id, kept across the runs on one database: an unchanged daily file then resolves its barcodes without a query. A
// catalogue decision (a shopper's product published or undone) can move a barcode to another product or make a
// product private again, so every run starts by comparing the decisions' fingerprint and drops the keys when it
// moved; a run adds the keys of a chunk only once the chunk committed.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Keys kept at most: a country's barcoded catalogue with room to spare; past it the keys start afresh. */
const MAX_KEYS = 300_000;

export class ProductKeyCache {
  private readonly ids = new Map<string, string>();
  private fingerprint: string | null = null;

  get(key: string): string | undefined {
    return this.ids.get(key);
  }

  /** Adds the keys of a committed chunk. */
  addAll(keys: ReadonlyMap<string, string>): void {
    if (this.ids.size + keys.size > MAX_KEYS) this.ids.clear();
    for (const [key, id] of keys) this.ids.set(key, id);
  }

  clear(): void {
    this.ids.clear();
  }

  /** Drops the keys when a catalogue decision happened since the last run looked (here or in another process). */
  async checkCatalogue(db: Kysely<Database>): Promise<void> {
    const row = await db
      .selectFrom('catalogue_changes')
      .select((eb) => [eb.fn.countAll<number>().as('decided'), eb.fn.max('decided_at').as('last')])
      .where('decided_at', 'is not', null)
      .executeTakeFirst();
    const fingerprint = `${Number(row?.decided ?? 0)}|${row?.last ?? ''}`;
    if (fingerprint !== this.fingerprint) this.ids.clear();
    this.fingerprint = fingerprint;
  }
}

/** The in-process writes' keys, one cache per database handle (a server's pool, the CLI's connection). */
const inProcessKeys = new WeakMap<Kysely<Database>, ProductKeyCache>();

export function findProductKeys(db: Kysely<Database>): ProductKeyCache {
  let keys = inProcessKeys.get(db);
  if (!keys) {
    keys = new ProductKeyCache();
    inProcessKeys.set(db, keys);
  }
  return keys;
}
