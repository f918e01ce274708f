import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * The operator's store list flags a location sharing its chain and address, or its phone, with another one; with
 * thousands of feed stores each check is an index look-up.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createIndex('store_locations_chain_address_idx')
    .on('store_locations')
    .columns(['chain_id'])
    .expression(sql`lower(address)`)
    .execute();
  await db.schema.createIndex('store_locations_phone_idx').on('store_locations').column('phone').execute();
}
