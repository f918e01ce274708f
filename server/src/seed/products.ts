import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';
import { chunk } from './random';

interface ProductSeed {
  key: string;
  name: string;
  brand: string | null;
  category: string;
  size: number;
  unit: string;
  /** Typical shelf price in cents at an average store. */
  basePrice: number;
}

// [key, name, brand, category, size, unit, base price in cents]
type Row = [string, string, string | null, string, number, string, number];

const ROWS: Row[] = [
  ['milk', 'Whole Milk', 'Prairie Farms', 'Dairy', 1, 'gal', 429],
  ['eggs', 'Large Eggs', 'Happy Hen', 'Dairy', 12, 'ct', 349],
  ['cheddar', 'Sharp Cheddar Cheese', 'Hillside Creamery', 'Dairy', 8, 'oz', 299],
  ['yogurt', 'Plain Greek Yogurt', 'Olympus', 'Dairy', 32, 'oz', 549],
  ['butter', 'Salted Butter', 'Hillside Creamery', 'Dairy', 16, 'oz', 479],
  ['sour-cream', 'Sour Cream', 'Prairie Farms', 'Dairy', 16, 'oz', 229],
  ['bread', 'Whole Wheat Bread', 'Baker Street', 'Bakery', 20, 'oz', 329],
  ['bagels', 'Plain Bagels', 'Baker Street', 'Bakery', 6, 'ct', 399],
  ['tortillas', 'Flour Tortillas', 'La Casa', 'Bakery', 10, 'ct', 279],
  ['bananas', 'Bananas', null, 'Produce', 1, 'lb', 59],
  ['apples', 'Gala Apples', null, 'Produce', 1, 'lb', 179],
  ['spinach', 'Baby Spinach', 'Green Valley', 'Produce', 5, 'oz', 349],
  ['carrots', 'Carrots', null, 'Produce', 2, 'lb', 199],
  ['onions', 'Yellow Onions', null, 'Produce', 3, 'lb', 329],
  ['potatoes', 'Russet Potatoes', null, 'Produce', 5, 'lb', 449],
  ['tomatoes', 'Roma Tomatoes', null, 'Produce', 1, 'lb', 229],
  ['avocados', 'Hass Avocado', null, 'Produce', 1, 'ct', 129],
  ['strawberries', 'Strawberries', 'Berry Farms', 'Produce', 1, 'lb', 399],
  ['lemons', 'Lemon', null, 'Produce', 1, 'ct', 69],
  ['chicken', 'Boneless Chicken Breast', null, 'Meat & Seafood', 1, 'lb', 399],
  ['ground-beef', 'Ground Beef 85% Lean', null, 'Meat & Seafood', 1, 'lb', 549],
  ['bacon', 'Thick Cut Bacon', 'Smokehouse', 'Meat & Seafood', 12, 'oz', 629],
  ['salmon', 'Atlantic Salmon Fillet', null, 'Meat & Seafood', 1, 'lb', 1099],
  ['rice', 'Long Grain White Rice', 'Golden Field', 'Pantry', 2, 'lb', 299],
  ['pasta', 'Spaghetti', 'Bella Pasta', 'Pantry', 1, 'lb', 149],
  ['marinara', 'Marinara Sauce', 'Bella Pasta', 'Pantry', 24, 'oz', 349],
  ['peanut-butter', 'Creamy Peanut Butter', 'Nutty Co', 'Pantry', 16, 'oz', 329],
  ['black-beans', 'Black Beans', 'La Casa', 'Pantry', 15, 'oz', 109],
  ['broth', 'Chicken Broth', 'Kettle House', 'Pantry', 32, 'oz', 249],
  ['olive-oil', 'Extra Virgin Olive Oil', 'Sole', 'Pantry', 16.9, 'fl oz', 899],
  ['oats', 'Old Fashioned Rolled Oats', 'Golden Field', 'Pantry', 42, 'oz', 549],
  ['cereal', 'Honey Oat Cereal', 'Morning Co', 'Pantry', 12, 'oz', 449],
  ['flour', 'All-Purpose Flour', 'Golden Field', 'Pantry', 5, 'lb', 399],
  ['coffee', 'Medium Roast Ground Coffee', 'Lakeside Roasters', 'Beverages', 12, 'oz', 799],
  ['orange-juice', 'Orange Juice', 'Sunny Grove', 'Beverages', 52, 'fl oz', 449],
  ['sparkling-water', 'Sparkling Water', 'Fizz', 'Beverages', 12, 'ct', 549],
  ['tea', 'Green Tea Bags', 'Leaf & Co', 'Beverages', 20, 'ct', 349],
  ['chips', 'Tortilla Chips', 'La Casa', 'Snacks', 13, 'oz', 429],
  ['salsa', 'Medium Salsa', 'La Casa', 'Snacks', 16, 'oz', 379],
  ['frozen-peas', 'Frozen Peas', 'Green Valley', 'Frozen', 12, 'oz', 199],
  ['frozen-pizza', 'Pepperoni Pizza', 'Stone Oven', 'Frozen', 1, 'ct', 599],
  ['paper-towels', 'Paper Towels', 'SoftTouch', 'Household', 6, 'ct', 999],
  ['dish-soap', 'Dish Soap', 'Sparkle', 'Household', 19.4, 'fl oz', 329],
];

/**
 * The everyday word a shopper types for a product whose name shares that word with another ("butter" is Salted
 * Butter, not Creamy Peanut Butter): catalogue-wide aliases, so a typed item links itself (domain/item-linking.ts).
 */
const COMMON_NAMES: [key: string, alias: string][] = [
  ['butter', 'butter'],
  ['chicken', 'chicken'],
  ['flour', 'flour'],
  ['oats', 'oats'],
  ['pasta', 'pasta'],
  ['tortillas', 'tortillas'],
  ['cheddar', 'cheese'],
  ['ground-beef', 'mince'],
];

export const PRODUCT_SEEDS: readonly ProductSeed[] = ROWS.map(([key, name, brand, category, size, unit, basePrice]) => ({
  key,
  name,
  brand,
  category,
  size,
  unit,
  basePrice,
}));

export interface SeededProduct extends ProductSeed {
  id: string;
}

export interface SeededProducts {
  products: SeededProduct[];
  byKey(key: string): SeededProduct;
}

export async function seedProducts(db: Kysely<Database>, createdAt: string): Promise<SeededProducts> {
  const products = PRODUCT_SEEDS.map((seed) => ({ ...seed, id: createId() }));
  for (const batch of chunk(products, 100)) {
    await db
      .insertInto('products')
      .values(
        batch.map((p) => ({
          id: p.id,
          name: p.name,
          brand: p.brand,
          category: p.category,
          size_value: p.size,
          size_unit: p.unit,
          created_at: createdAt,
        })),
      )
      .execute();
  }
  await db
    .insertInto('product_aliases')
    .values(
      COMMON_NAMES.map(([key, alias]) => ({
        id: createId(),
        product_id: products.find((p) => p.key === key)!.id,
        chain_id: null,
        alias,
        created_by: null,
        created_at: createdAt,
      })),
    )
    .execute();
  return {
    products,
    byKey(key) {
      const product = products.find((p) => p.key === key);
      if (!product) throw new Error(`seed: unknown product ${key}`);
      return product;
    },
  };
}
