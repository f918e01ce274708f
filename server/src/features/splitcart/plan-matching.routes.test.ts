import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { createUser, type TestUser } from '../../test/factories';
import { createList, importPriceBook, insertDecoyProducts, readPlanChoices } from '../../test/priced-lists';

// Typed items and substitutes are matched through the word index, among hundreds of products sharing their words.
const t = registerTestApp();
let shopper: TestUser;
let listId: string;
let productIds: Map<string, string>;

beforeAll(async () => {
  productIds = await importPriceBook(t.app, [
    ['Whole Milk', 'Farm', '1 gal', 'Dairy', 'Northco', 'North', '4.00'],
    ['Whole Milk', 'Farm', '1 gal', 'Dairy', 'Southco', 'South', '4.50'],
    ['Whole Milk', 'Dairyland', '1 gal', 'Dairy', 'Southco', 'South', '3.00'],
    ['Bananas', '', '1 lb', 'Produce', 'Northco', 'North', '0.50'],
    ['Bananas', '', '1 lb', 'Produce', 'Southco', 'South', '0.60'],
    ['Rolled Oats', 'Mill', '500 g', 'Pantry', 'Northco', 'North', '2.00'],
    ['Rolled Oats', 'Big', '1 kg', 'Pantry', 'Northco', 'North', '3.00'],
  ]);
  // Decoys that share a word with every item, more than one search returns.
  await insertDecoyProducts(t.app, ['Whole Grain Crackers', 'Banana Chips', 'Oat Milk Drink'], 300);
  shopper = await createUser(t.app);
  listId = await createList(
    t.app,
    shopper,
    [
      { name: 'bananas' },
      { name: 'whole milk', acceptsSubstitutes: true },
      { name: 'Rolled Oats', productId: productIds.get('Mill Rolled Oats'), acceptsSubstitutes: true },
      { name: 'saffron threads' },
    ],
    'Typed',
  );
});

describe('matching plan items through the word index', () => {
  it('links typed names, finds substitutes among decoys, and leaves unknown names unpriced', async () => {
    const { plan, chosen } = await readPlanChoices(t.app, shopper, listId);
    expect(chosen).toEqual({
      bananas: { store: 'North', productId: productIds.get('Bananas') },
      // The typed name links to the older "Whole Milk"; its cheaper namesake from another brand is a substitute.
      'whole milk': { store: 'South', productId: productIds.get('Dairyland Whole Milk') },
      // 1 kg at 3.00 beats 500 g at 2.00 per gram.
      'Rolled Oats': { store: 'North', productId: productIds.get('Big Rolled Oats') },
    });
    expect(plan.unpriced).toEqual([expect.objectContaining({ name: 'saffron threads', reason: 'no-product' })]);
  });
});
