import { describe, expect, it } from 'vitest';
import { sortListItemsForShopping } from './lists';

describe('list helpers', () => {
  it('moves checked items to the bottom and keeps position order within each group', () => {
    const sorted = sortListItemsForShopping([
      { id: 'a', is_checked: true, position: 0 },
      { id: 'b', is_checked: false, position: 2 },
      { id: 'c', is_checked: false, position: 1 },
      { id: 'd', is_checked: true, position: 3 },
    ]);
    expect(sorted.map((item) => item.id)).toEqual(['c', 'b', 'a', 'd']);
  });
});
