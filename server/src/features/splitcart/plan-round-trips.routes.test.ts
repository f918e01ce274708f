import { splitCartApi } from '@cartwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../test/query-counter';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook } from '../../test/priced-lists';
import { callRoute } from '../../test/call-route';

// On PostgreSQL each statement waits for the network: the plan sends its independent reads together.
const t = registerTestApp();
let shopper: TestUser;
let listId: string;

beforeAll(async () => {
  const productIds = await importPriceBook(t.app, [
    ['Whole Milk', 'Farm', '1 gal', 'Dairy', 'Northco', 'North', '4.00'],
    ['Whole Milk', 'Dairyland', '1 gal', 'Dairy', 'Southco', 'South', '3.00'],
    ['Bananas', '', '1 lb', 'Produce', 'Northco', 'North', '0.50'],
    ['Rolled Oats', 'Mill', '500 g', 'Pantry', 'Northco', 'North', '2.00'],
    ['Rolled Oats', 'Big', '1 kg', 'Pantry', 'Southco', 'South', '3.00'],
    ['Coffee', 'Bean', '250 g', 'Pantry', 'Southco', 'South', '5.00'],
  ]);
  shopper = await createUser(t.app);
  listId = await createList(
    t.app,
    shopper,
    [
      { name: 'bananas' },
      { name: 'whole milk', acceptsSubstitutes: true },
      { name: 'Rolled Oats', productId: productIds.get('Mill Rolled Oats'), acceptsSubstitutes: true },
      { name: 'Coffee', productId: productIds.get('Bean Coffee') },
      { name: 'saffron' },
    ],
    'Mixed',
  );
});

describe('database round trips of a split-cart plan', () => {
  it('reads inputs, matches names and prices candidates in a handful of round trips, whatever the list holds', async () => {
    const plan = () => callRoute(t.app, splitCartApi.recommendations, { params: { id: listId }, headers: asUser(shopper) });
    expect((await plan()).statusCode).toBe(200);
    let status = 0;
    const count = await countQueries(t.app.db, async () => {
      status = (await plan()).statusCode;
    });
    expect(status).toBe(200);
    // Inputs and the usual store; the names; the typed names' substitutes; the prices beside the promotions.
    expect(count.roundTrips, count.sql.join('\n')).toBeLessThanOrEqual(4);
    // Six input reads, two name searches, the aisle ticks, the promotions and the prices: on PostgreSQL one statement
    // with the deals, on SQLite the regular, fallback and deal prices, each answered in-process.
    expect(count.queries, count.sql.join('\n')).toBeLessThanOrEqual(t.app.database.kind === 'postgres' ? 11 : 13);
  });
});
