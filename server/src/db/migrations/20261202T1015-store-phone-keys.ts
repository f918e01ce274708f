import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

interface PhoneRow {
  id: string;
  phone: string;
}

/** Kept in step with features/stores/store-phone.ts toPhoneKey; a migration keeps the rule it ran with. */
function toPhoneKey(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 9 ? digits.slice(-10) : null;
}

/**
 * A read receipt's printed phone number finds its store through `phone_key` (the number's last ten digits) and its
 * index, instead of reading every store that has a phone to compare digits. Existing phones are keyed here.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('store_locations').addColumn('phone_key', 'text').execute();
  const typed = db as unknown as Kysely<{ store_locations: PhoneRow & { phone_key: string | null } }>;
  const rows = await typed.selectFrom('store_locations').select(['id', 'phone']).where('phone', 'is not', null).execute();
  for (const row of rows) {
    const key = toPhoneKey(row.phone);
    if (key !== null) await typed.updateTable('store_locations').set({ phone_key: key }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('store_locations_phone_key_idx').on('store_locations').column('phone_key').execute();
}
