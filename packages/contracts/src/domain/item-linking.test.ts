import { describe, expect, it } from 'vitest';
import { findClearMatch, rankTypedItemMatches, scoreTypedItem, type LinkableProduct } from './item-linking';
import { foldText, toAliasKey } from './product-matching';

const demo: LinkableProduct[] = [
  { id: 'milk', name: 'Whole Milk', brand: 'Prairie Farms', sizeValue: 1, sizeUnit: 'gal' },
  { id: 'eggs', name: 'Large Eggs', brand: 'Happy Hen', sizeValue: 12, sizeUnit: 'ct' },
  { id: 'bananas', name: 'Bananas', brand: null, sizeValue: 1, sizeUnit: 'lb' },
  { id: 'bread', name: 'Whole Wheat Bread', brand: 'Baker Street', sizeValue: 20, sizeUnit: 'oz' },
  { id: 'butter', name: 'Salted Butter', brand: 'Hillside Creamery', sizeValue: 16, sizeUnit: 'oz' },
  { id: 'peanut-butter', name: 'Creamy Peanut Butter', brand: 'Nutty Co', sizeValue: 16, sizeUnit: 'oz' },
  { id: 'chicken', name: 'Boneless Chicken Breast', brand: null, sizeValue: 1, sizeUnit: 'lb' },
  { id: 'broth', name: 'Chicken Broth', brand: 'Kettle House', sizeValue: 32, sizeUnit: 'oz' },
  { id: 'tomatoes', name: 'Roma Tomatoes', brand: null, sizeValue: 1, sizeUnit: 'lb' },
];

const idOf = (typed: string, products: LinkableProduct[] = demo, aliases: { productId: string; alias: string }[] = []) =>
  findClearMatch(typed, products, aliases)?.productId ?? null;

describe('linking a typed item', () => {
  it('links everyday words to the one product that holds them', () => {
    expect(idOf('milk')).toBe('milk');
    expect(idOf('Eggs')).toBe('eggs');
    expect(idOf('bananas')).toBe('bananas');
    expect(idOf('banana')).toBe('bananas');
    expect(idOf('bread')).toBe('bread');
    expect(idOf('tomato')).toBe('tomatoes');
  });

  it('reads sizes and counts as how much, not what', () => {
    expect(idOf('eggs x12')).toBe('eggs');
    expect(idOf('milk 1 gal')).toBe('milk');
    expect(idOf('2 lb bananas')).toBe('bananas');
  });

  it('uses the brand when the shopper types it', () => {
    expect(idOf('nutty co butter')).toBe('peanut-butter');
    expect(scoreTypedItem('prairie farms milk', demo[0]!)).toBeGreaterThan(scoreTypedItem('milk', demo[0]!) - 0.01);
  });

  it('leaves an item for the shopper when two different products are about as close', () => {
    expect(idOf('chicken')).toBeNull();
    expect(rankTypedItemMatches('chicken', demo).map((match) => match.productId)).toEqual(['broth', 'chicken']);
    expect(idOf('butter')).toBeNull();
    expect(idOf('batteries')).toBeNull();
    expect(idOf('   ')).toBeNull();
  });

  it('lets an alias typed exactly decide, and the typed size break a tie between pack sizes', () => {
    expect(idOf('butter', demo, [{ productId: 'butter', alias: 'Butter' }])).toBe('butter');
    const packs = [
      { id: 'one', name: 'Milk', sizeValue: 1, sizeUnit: 'l' },
      { id: 'two', name: 'Milk', sizeValue: 2, sizeUnit: 'l' },
    ];
    expect(idOf('milk', packs)).toBeNull();
    expect(idOf('milk 2 L', packs)).toBe('two');
    expect(idOf('milk 1000 ml', packs)).toBe('one');
  });

  it('counts products of the same name and size as one, the first winning, unless a brand is typed', () => {
    const copies = [
      { id: 'a', name: 'Bananas', sizeValue: 1, sizeUnit: 'kg' },
      { id: 'b', name: 'BANANAS', sizeValue: 1000, sizeUnit: 'g' },
      { id: 'c', name: 'Bananas', brand: 'Chiquita', sizeValue: 1, sizeUnit: 'kg' },
    ];
    expect(idOf('bananas', copies)).toBe('a');
    expect(idOf('chiquita bananas', copies)).toBe('c');
  });

  it('works in any script the catalogue holds: Hebrew, German, accents and case', () => {
    const catalogue: LinkableProduct[] = [
      { id: 'halav', name: 'חלב טרי 3% בקרטון', brand: 'תנובה', sizeValue: 1, sizeUnit: 'l' },
      { id: 'lehem', name: 'לחם אחיד פרוס', brand: 'אנג׳ל', sizeValue: 750, sizeUnit: 'g' },
      { id: 'kaese', name: 'Käse Gouda jung', brand: 'Milbona', sizeValue: 400, sizeUnit: 'g' },
      { id: 'strasse', name: 'Straßenbahn Kekse', brand: null },
      { id: 'creme', name: 'Crème fraîche', brand: null },
    ];
    expect(idOf('חלב', catalogue)).toBe('halav');
    expect(idOf('לֶחֶם', catalogue)).toBe('lehem');
    expect(idOf('tnuva', catalogue)).toBeNull();
    expect(idOf('תנובה חלב', catalogue)).toBe('halav');
    expect(idOf('kase gouda', catalogue)).toBe('kaese');
    expect(idOf('KÄSE', catalogue)).toBe('kaese');
    expect(idOf('STRASSENBAHN KEKSE', catalogue)).toBe('strasse');
    expect(idOf('creme fraiche', catalogue)).toBe('creme');
  });
});

describe('folding text for matching', () => {
  it('folds case, compatibility forms and accents, and keeps every script', () => {
    expect(foldText('Straße')).toBe('strasse');
    expect(foldText('ＭＩＬＫ')).toBe('milk');
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('שָׁלוֹם')).toBe('שלום');
    expect(foldText('ק"ג')).toBe('קג');
    expect(toAliasKey('Vollmilch 3,5%')).toBe('vollmilch 3 5');
    expect(toAliasKey('חלב 3% 1 ליטר')).toBe('חלב 3 1 ליטר');
  });
});
