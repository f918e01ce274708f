import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, insertDecoyProducts, readPlanChoices } from '../../test/priced-lists';

// A catalogue of thousands of near-duplicates ("Whole Milk 17", "Organic Whole Milk 940"): the database hands the
// matcher a few dozen ranked candidates per name, and the plan still links and substitutes the right products.
const t = registerTestApp();
let shopper: TestUser;
let listId: string;
let productIds: Map<string, string>;

const NEAR = ['Whole Milk', 'Organic Whole Milk', 'Whole Milk Drink', 'Banana Chips', 'Bananas Ripe', 'Greek Yogurt Cup', 'Yogurt'];

beforeAll(async () => {
  productIds = await importPriceBook(t.app, [
    ['Whole Milk', 'Farm', '1 gal', 'Dairy', 'Northco', 'North', '4.00'],
    ['Whole Milk', 'Dairyland', '1 gal', 'Dairy', 'Southco', 'South', '3.00'],
    ['Bananas', '', '1 lb', 'Produce', 'Northco', 'North', '0.50'],
    ['Greek Yogurt', 'Hill', '500 g', 'Dairy', 'Southco', 'South', '2.50'],
  ]);
  await insertDecoyProducts(t.app, NEAR, 3500);
  shopper = await createUser(t.app);
  listId = await createList(
    t.app,
    shopper,
    [
      { name: 'bananas' },
      { name: 'whole milk', acceptsSubstitutes: true },
      { name: 'Greek Yogurt', productId: productIds.get('Hill Greek Yogurt'), acceptsSubstitutes: true },
    ],
    'Typed',
  );
});

describe('matching plan items among thousands of near-duplicates', () => {
  it('links each typed name to the real product and keeps its real substitutes', async () => {
    const { plan, chosen } = await readPlanChoices(t.app, shopper, listId);
    expect(chosen).toEqual({
      bananas: { store: 'North', productId: productIds.get('Bananas') },
      'whole milk': { store: 'South', productId: productIds.get('Dairyland Whole Milk') },
      'Greek Yogurt': { store: 'South', productId: productIds.get('Hill Greek Yogurt') },
    });
    expect(plan.unpriced).toEqual([]);
  });
});
