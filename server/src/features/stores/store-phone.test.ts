import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { migrateToLatest } from '../../db/migrate';
import { registerTestApp } from '../../test/test-app';
import { toPhoneColumns, toPhoneKey } from './store-phone';
import { findPhoneNumbers } from './store-visibility';

const t = registerTestApp();
const MIGRATION = '20261202T1015-store-phone-keys';

describe('a store phone key', () => {
  it('is the last ten digits however the number is written, and what a printed number gives', () => {
    expect(toPhoneKey('(03) 555-1234')).toBe('035551234');
    expect(toPhoneKey('035551234')).toBe('035551234');
    expect(toPhoneKey('+1 (608) 555-0142')).toBe('6085550142');
    expect(findPhoneNumbers('TEL 03-555-1234')).toEqual([toPhoneKey('(03) 555 1234')]);
  });

  it('is null without a whole number', () => {
    expect(toPhoneColumns(null)).toEqual({ phone: null, phone_key: null });
    expect(toPhoneColumns('ext. 12')).toEqual({ phone: 'ext. 12', phone_key: null });
  });
});

describe('the phone key migration', () => {
  it('keys the phones stores already have', async () => {
    const db = t.app.db;
    await sql`DROP INDEX store_locations_phone_key_idx`.execute(db);
    await sql`ALTER TABLE store_locations DROP COLUMN phone_key`.execute(db);
    await sql`DELETE FROM kysely_migration WHERE name = ${MIGRATION}`.execute(db);
    const [withPhone, withoutPhone] = [createId(), createId()];
    await sql`INSERT INTO store_locations (id, chain_id, name, created_by, created_at, phone)
      VALUES (${withPhone}, NULL, 'Keyed', NULL, ${nowIso()}, '(03) 555-1234'),
        (${withoutPhone}, NULL, 'Unkeyed', NULL, ${nowIso()}, NULL)`.execute(db);
    expect(await migrateToLatest(t.app.database, { allowUnorderedMigrations: true })).toEqual([MIGRATION]);
    const rows = await db.selectFrom('store_locations').select(['id', 'phone_key']).where('id', 'in', [withPhone, withoutPhone]).execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, row.phone_key]))).toEqual({ [withPhone]: '035551234', [withoutPhone]: null });
  });
});
