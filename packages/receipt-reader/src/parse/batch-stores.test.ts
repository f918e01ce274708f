import { describe, expect, it } from 'vitest';
import { resolveBatchStores } from './batch-stores';

describe('resolveBatchStores', () => {
  it('replaces a name read once by the matching name other receipts of the batch read alike', () => {
    const names = ['AIK HUAT HARDWARE SDN BHD', 'ATK HUAT HARDWARE SDN BHD', 'Aik Huat Hardware  SDN BHD', null, 'TEO HENG STATIONERY'];
    expect(resolveBatchStores(names)).toEqual([
      'AIK HUAT HARDWARE SDN BHD',
      'AIK HUAT HARDWARE SDN BHD',
      'Aik Huat Hardware  SDN BHD',
      null,
      'TEO HENG STATIONERY',
    ]);
  });

  it('keeps a name read twice, and a name that matches no name or two known names', () => {
    const names = [
      'MR. D.I.Y. SDN BHD',
      'MR. D.I.Y. SDN BHD',
      'MR. D.I.Y. (M) SDN BHD',
      'MR. D.I.Y. (M) SDN BHD',
      'MR. D.I.Y. (M) SDN BHD',
    ];
    expect(resolveBatchStores(names)).toEqual(names);
    expect(resolveBatchStores(['KEDAI AMAN', 'KEDAI AMIN', 'KEDAI AMIN', 'KEDAI AMAN', 'KEDAI AMEN'])).toEqual([
      'KEDAI AMAN',
      'KEDAI AMIN',
      'KEDAI AMIN',
      'KEDAI AMAN',
      'KEDAI AMEN',
    ]);
    expect(resolveBatchStores(['TEO HENG STATIONERY', 'TEO HENEG STATIONERY'])).toEqual(['TEO HENG STATIONERY', 'TEO HENEG STATIONERY']);
  });

  it('keeps a name that differs from the known one only in spacing, punctuation or legal form', () => {
    const known = ['MR. D.I.Y. (M) SDN BHD', 'MR. D.I.Y. (M) SDN BHD'];
    expect(resolveBatchStores([...known, 'MR.D.I.Y(M)SDN BHD', 'MR. D.I.Y. SDN BHD', 'MR. O.I.Y. (M) SDN BHD'])).toEqual([
      ...known,
      'MR.D.I.Y(M)SDN BHD',
      'MR. D.I.Y. SDN BHD',
      'MR. D.I.Y. (M) SDN BHD',
    ]);
  });

  it('repairs a misread of a chain whose tills print its name two ways, into the way read most often', () => {
    const names = [
      'MR. D.I.Y. (M) SDN BHD',
      'MR. D.I.Y. SDN BHD',
      'MR. D.I.Y. (M) SDN BHD',
      'MR. D.I.Y. SDN BHD',
      'MR. D.I.Y. (M) SDN BHD',
      'MR. 0.I1.Y. (M) SDN BHD',
    ];
    expect(resolveBatchStores(names).at(-1)).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('joins a word the recogniser split off one or two letters of, when the batch read it whole', () => {
    const names = ['RESTORAN WAN SHENG', 'RESTORAN WAN SHENG', 'RESTORAN WAN SHEN G', 'RESTORAN WA N SHENG'];
    expect(resolveBatchStores(names)).toEqual(['RESTORAN WAN SHENG', 'RESTORAN WAN SHENG', 'RESTORAN WAN SHENG', 'RESTORAN WAN SHENG']);
    // Spaced initials are a way of printing a name, not a split word.
    const initials = ['MR. D.I.Y. (KUCHAI) SDN BHD', 'MR. D.I.Y. (KUCHAI) SDN BHD', 'MR. D. I. Y. (KUCHAI) SDN BHD'];
    expect(resolveBatchStores(initials)).toEqual(initials);
  });

  it('gives a garbled or missing name the name read at least twice on receipts with the same seller number', () => {
    const names = [
      'GARDENIA BAKERIES (KL) SDN BHD',
      'GARDENIA BAKERIES (KL) SDN BHD',
      'GARDENG LES (KE)SDN BHD',
      null,
      'GARDENIA BAKERIES (KL) SDN. BHD.',
      'KEDAI AMAN',
    ];
    const sellers = ['000381399040', '000381399040', '000381399040', '000381399040', '000381399040', null];
    expect(resolveBatchStores(names, sellers)).toEqual([
      'GARDENIA BAKERIES (KL) SDN BHD',
      'GARDENIA BAKERIES (KL) SDN BHD',
      'GARDENIA BAKERIES (KL) SDN BHD',
      'GARDENIA BAKERIES (KL) SDN BHD',
      // Legal form and punctuation are how that till prints it.
      'GARDENIA BAKERIES (KL) SDN. BHD.',
      'KEDAI AMAN',
    ]);
  });

  it('leaves a seller whose names tie, or whose name nobody read twice, as read', () => {
    expect(
      resolveBatchStores(
        ['ALPHA', 'ALPHA', 'BETA', 'BETA', 'GAMMA'],
        ['1234567890', '1234567890', '1234567890', '1234567890', '1234567890'],
      ),
    ).toEqual(['ALPHA', 'ALPHA', 'BETA', 'BETA', 'GAMMA']);
    expect(resolveBatchStores(['ALPHA', 'BETA'], ['1234567890', '1234567890'])).toEqual(['ALPHA', 'BETA']);
  });
});
