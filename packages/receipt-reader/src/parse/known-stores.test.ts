import { describe, expect, it } from 'vitest';
import { editDistance } from '@cartwise/contracts/domain/edit-distance';
import { findKnownStore, suggestStoreMerges, toStoreMatchKey } from './known-stores';

const stores = [
  { id: 'speed', name: '99 SPEED MART S/B' },
  { id: 'diy', name: 'MR. D.I.Y. (M) SDN BHD' },
  { id: 'gardenia', name: 'GARDENIA BAKERIES (KL) SDN BHD' },
  { id: 'fresh', name: 'Fresh Mart' },
  { id: 'fresh-east', name: 'Fresh Mart East' },
  { id: 'aeon-1', name: 'AEON CO. (M) BHD' },
  { id: 'aeon-2', name: 'AEON CO. (M) SDN BHD' },
];

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
    expect(editDistance('flaw', 'lawn')).toBe(2);
  });

  it('stops at max + 1 once the strings are further apart than max, and is exact within it', () => {
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
    expect(editDistance('99SPEEOMART', 'HONHWAHAROWARE', 2)).toBe(3);
    expect(editDistance('abc', 'abcdefgh', 2)).toBe(3);
  });
});

describe('toStoreMatchKey', () => {
  it('drops the legal form and punctuation and merges look-alike characters', () => {
    expect(toStoreMatchKey('MR. D.I.Y. (M) SDN BHD')).toBe(toStoreMatchKey('MR. 0.1.Y. SDN. BHD.'));
    expect(toStoreMatchKey('99 SPEED MART S/B')).toBe('99SPEEOMART');
    expect(toStoreMatchKey('Lidl (M)')).toBe('IIOI');
  });
});

describe('findKnownStore', () => {
  it('takes a store of the same name, whatever its case and spacing', () => {
    expect(findKnownStore('fresh  mart', stores)).toEqual({ store: stores[3], score: 1 });
  });

  it('matches names misread by the recogniser (real OCR reads of SROIE headers)', () => {
    expect(findKnownStore('29 SPEED MART S/B', stores)?.store.id).toBe('speed');
    expect(findKnownStore('99 SPEED HART S/B', stores)?.store.id).toBe('speed');
    expect(findKnownStore('MR. D.T.Y. (M) SDN BHD', stores)?.store.id).toBe('diy');
    expect(findKnownStore('WR. D.I.Y. (M) SDN BHD', stores)?.store.id).toBe('diy');
    expect(findKnownStore('GARDENIA BAKERIES (KIT SDN BHD', stores)?.store.id).toBe('gardenia');
  });

  it('gives a score below 1 for a misread and 1 only for the same name', () => {
    const match = findKnownStore('29 SPEED MART S/B', stores);
    expect(match?.score).toBeGreaterThanOrEqual(0.8);
    expect(match?.score).toBeLessThan(1);
  });

  it('leaves a different store alone', () => {
    expect(findKnownStore('POPULAR BOOK CO. (M) SDN BHD', stores)).toBeNull();
    expect(findKnownStore('SPEEDY TYRES', stores)).toBeNull();
    expect(findKnownStore('Fresh Market Deli', stores)).toBeNull();
  });

  it('decides nothing when two known stores fit about as well', () => {
    // "AEON CO. (M) BHD" and "AEON CO. (M) SDN BHD" have one key; a misread of either is a toss-up.
    expect(findKnownStore('AEON CO. (N) BHD', stores)).toBeNull();
    expect(findKnownStore('Fresh Mart Eas', [stores[3]!, stores[4]!])?.store.id).toBe('fresh-east');
  });

  it('does not match a name too short to tell stores apart, nor a blank one', () => {
    expect(findKnownStore('BHD', stores)).toBeNull();
    expect(findKnownStore('   ', stores)).toBeNull();
    expect(findKnownStore('Fresh Mart', [])).toBeNull();
  });
});

describe('findKnownStore between shops of one trade', () => {
  it('does not take another hardware shop for this one because the trade words agree', () => {
    const hardware = [
      { id: 'hon', name: 'HON HWA HARDWARE TRADING' },
      { id: 'aso', name: 'ASO ELECTRICAL TRADING SDN BHD' },
    ];
    expect(findKnownStore('YONG TAT HARDWARE TRADING', hardware)).toBeNull();
    expect(findKnownStore('KHE ELECTRICAL TRADING', hardware)).toBeNull();
    expect(findKnownStore('HON HWA HARDWAKE TRADING', hardware)?.store.id).toBe('hon');
  });
});

describe('findKnownStore with a misread trade word', () => {
  it('still sees the proper name when the trade word lost a letter', () => {
    expect(findKnownStore('CORNER MARKFT', [{ id: 'corner', name: 'CORNER MARKET' }])?.store.id).toBe('corner');
  });
});

describe('suggestStoreMerges', () => {
  it('pairs a misread store with the known one, moving the smaller price history', () => {
    const merges = suggestStoreMerges([
      { id: 'a', name: '99 SPEED MART S/B', weight: 40 },
      { id: 'b', name: '29 SPEED MART S/B', weight: 2 },
      { id: 'c', name: 'FreshMart Downtown', weight: 10 },
      { id: 'd', name: 'FreshMart Eastside', weight: 10 },
    ]);
    expect([...merges.entries()].map(([from, into]) => [from, into.id])).toEqual([['b', 'a']]);
  });

  it('suggests one direction for two equal stores and nothing for a store alone', () => {
    const merges = suggestStoreMerges([
      { id: 'x', name: 'Corner Market', weight: 0 },
      { id: 'y', name: 'CORNER MARKFT', weight: 0 },
    ]);
    expect([...merges.keys()]).toEqual(['y']);
    expect(suggestStoreMerges([{ id: 'x', name: 'Corner Market', weight: 3 }]).size).toBe(0);
  });

  it('answers from the names it saw before, weighing the stores as they are now', () => {
    const stores = [
      { id: 'p', name: '99 SPEED MART S/B', weight: 5 },
      { id: 'q', name: '29 SPEED MART S/B', weight: 1 },
      { id: 'r', name: 'Hilltop Bakery', weight: 9 },
    ];
    expect([...suggestStoreMerges(stores)].map(([from, into]) => [from, into.id])).toEqual([['q', 'p']]);
    // Same names, other weights: the smaller history still moves.
    const reweighed = stores.map((store) => ({ ...store, weight: store.id === 'q' ? 50 : store.weight }));
    expect([...suggestStoreMerges(reweighed)].map(([from, into]) => [from, into.id])).toEqual([['p', 'q']]);
    // A renamed store is checked again.
    const renamed = reweighed.map((store) => (store.id === 'q' ? { ...store, name: 'Hilltop Hardware' } : store));
    expect(suggestStoreMerges(renamed).size).toBe(0);
    expect(suggestStoreMerges([...stores].reverse()).get('q')?.id).toBe('p');
  });
});
