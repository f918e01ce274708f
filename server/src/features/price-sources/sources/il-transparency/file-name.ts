// What an official file name says: its kind, ChainId, StoreId (as written) and stamp, e.g.
// PriceFull7290027600007-413-202608150600.xml.gz or Promo7290027600007-001-413-202608150600.xml.
export type IlFileKind = 'prices' | 'promotions' | 'stores';

export interface IlFileName {
  kind: IlFileKind | null;
  chainId: string | null;
  storeId: string | null;
  /** YYYY-MM-DD from the stamp, when the name has one. */
  date: string | null;
}

const NAME = /^(PriceFull|Price|PromoFull|Promo|StoresFull|Stores)(\d+)((?:-\d+)*)/i;

export function parseIlFileName(path: string): IlFileName {
  const base = path.split(/[\\/]/).at(-1) ?? path;
  const match = NAME.exec(base);
  if (!match) return { kind: null, chainId: null, storeId: null, date: null };
  const prefix = (match[1] ?? '').toLowerCase();
  const kind: IlFileKind = prefix.startsWith('price') ? 'prices' : prefix.startsWith('promo') ? 'promotions' : 'stores';
  const parts = (match[3] ?? '').split('-').filter(Boolean);
  const stamp = parts.length > 0 && (parts.at(-1) ?? '').length >= 8 ? parts.pop() : undefined;
  const date = stamp ? `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}` : null;
  return { kind, chainId: match[2] ?? null, storeId: parts.at(-1) ?? null, date };
}
