/** The NN 75/2025 fields a Croatian price list carries, as this source names them. */
export type HrField =
  | 'name'
  | 'code'
  | 'brand'
  | 'netQuantity'
  | 'unit'
  | 'retailPrice'
  | 'unitPrice'
  | 'specialPrice'
  | 'lowest30DayPrice'
  | 'anchorPrice'
  | 'barcode'
  | 'category';

export interface HrChain {
  name: string;
  /** Header (compared case-insensitively, spaces collapsed) -> field. */
  columns: Record<string, HrField>;
}

/** The normalised English headers (as github.com/mariokovac/cijene-scraper writes them), read for every chain. */
const NORMALISED_COLUMNS: Record<string, HrField> = {
  product: 'name',
  productid: 'code',
  brand: 'brand',
  quantity: 'netQuantity',
  unit: 'unit',
  barcode: 'barcode',
  category: 'category',
  price: 'retailPrice',
  unitprice: 'unitPrice',
  specialprice: 'specialPrice',
  bestprice30: 'lowest30DayPrice',
  anchorprice: 'anchorPrice',
};

/** Each chain's own column names; a chain not listed here is read with the normalised headers only. */
export const HR_CHAINS: Record<string, HrChain> = {
  konzum: {
    name: 'Konzum',
    columns: {
      'naziv proizvoda': 'name',
      'šifra proizvoda': 'code',
      'marka proizvoda': 'brand',
      'neto količina': 'netQuantity',
      'jedinica mjere': 'unit',
      'maloprodajna cijena': 'retailPrice',
      'cijena za jedinicu mjere': 'unitPrice',
      'mpc za vrijeme posebnog oblika prodaje': 'specialPrice',
      'najniža cijena u posljednih 30 dana': 'lowest30DayPrice',
      'najniža cijena u posljednjih 30 dana': 'lowest30DayPrice',
      'sidrena cijena na 2.5.2025': 'anchorPrice',
      barkod: 'barcode',
      'kategorija proizvoda': 'category',
    },
  },
};

const normaliseHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/** Maps a header row to field positions; throws naming the columns it cannot read or misses. */
export function mapHrColumns(chainKey: string, headers: string[]): Map<HrField, number> {
  const chain = HR_CHAINS[chainKey];
  const known: Record<string, HrField> = { ...NORMALISED_COLUMNS, ...(chain?.columns ?? {}) };
  const positions = new Map<HrField, number>();
  const unknown: string[] = [];
  headers.forEach((header, index) => {
    const key = normaliseHeader(header);
    const field = known[key] ?? known[key.replace(/\s/g, '')];
    if (field && !positions.has(field)) positions.set(field, index);
    else if (!field && key !== '') unknown.push(header.trim());
  });
  const missing = (['name', 'retailPrice'] as const).filter((field) => !positions.has(field));
  if (missing.length > 0 || (!positions.has('barcode') && !positions.has('code'))) {
    const wanted = [...missing, ...(!positions.has('barcode') && !positions.has('code') ? ['barcode or code'] : [])];
    const extra = unknown.length > 0 ? `; unknown columns: ${unknown.join(', ')}` : '';
    throw new Error(`Line 1: the header lacks ${wanted.join(', ')}${extra}`);
  }
  return positions;
}
