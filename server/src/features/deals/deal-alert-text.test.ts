import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { createAdmin, createUser, markEmailVerified, type TestUser } from '../../test/factories';
import { runDealDigest } from './deal-alerts';
import { createApprovedDeal, createReceipt, createStore } from './deals-test-helpers';
import { addDaysIso, getTodayIso } from '@cartwise/contracts';

const t = registerTestApp();
let admin: TestUser;
let storeId: string;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  storeId = await createStore(t.app, 'Lidl Main Street', 'Lidl');
});

/** "2027-01-09" as the shopper's locale writes it, so the test does not depend on today's date. */
const toGermanDate = (iso: string) => iso.split('-').reverse().join('.');

describe('deal alert text in the shopper’s currency and locale', () => {
  it('writes a German shopper’s alert and digest in euros with German dates', async () => {
    const buyer = await createUser(t.app);
    await markEmailVerified(t.app, buyer.id);
    await t.app.db.updateTable('profiles').set({ currency: 'EUR', locale: 'de-DE' }).where('id', '=', buyer.id).execute();
    await createReceipt(t.app, buyer.id, [{ name: 'ESPRESSO BEANS 1KG' }]);
    const endDate = addDaysIso(getTodayIso(), 20);
    await createApprovedDeal(t.app, await createUser(t.app), admin, {
      title: 'Espresso beans 1kg',
      description: 'Shelf tag',
      price: 12.49,
      originalPrice: 15,
      storeId,
      endDate,
    });

    const [alert] = await t.app.db
      .selectFrom('notifications')
      .select('body')
      .where('user_id', '=', buyer.id)
      .where('kind', '=', 'deal_alert')
      .execute();
    expect(alert?.body).toBe(
      `Espresso beans 1kg: 12,49\u00a0€ at Lidl Main Street, valid until ${toGermanDate(endDate)}. Because you bought ESPRESSO BEANS 1KG.`,
    );

    await runDealDigest(t.app);
    const mail = await t.app.db.selectFrom('outbox_messages').select('body').where('recipient', '=', buyer.email).executeTakeFirstOrThrow();
    expect(mail.body).toContain(
      `- Espresso beans 1kg: 12,49\u00a0€ (was 15,00\u00a0€) at Lidl Main Street, until ${toGermanDate(endDate)}`,
    );
    expect(mail.body).not.toMatch(/\$\d/);
  });
});
