// Turns the published elements into feed records: an Item/Product into a price, a Promotion (flat or grouped)
// into one promotion per set of terms, a Store into a store.
import { FeedError, type FeedPromotion, type FeedStore } from '../../price-source';
import { nameIlChain } from './chains';
import { childNodes, childText, type XmlNode } from './xml-records';

export const IL_CURRENCY = 'ILS';
// No grocery item costs 100,000 shekels: a larger figure is a broken file, not a price.
const MAX_PRICE_MINOR = 10_000_000;

export function toIlStoreRef(chainId: string, storeId: string): string {
  return `il:${chainId}:${storeId}`;
}

/** "46.5" -> 4650 agorot; empty -> null; a negative, absurd or unreadable figure fails the file. */
export function parseMoneyMinor(text: string, what: string, line: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) throw new FeedError(`${what} "${trimmed}" is not a number`, line);
  const minor = Math.round(Number(trimmed) * 100);
  if (minor < 0) throw new FeedError(`${what} ${trimmed} is negative`, line);
  if (minor > MAX_PRICE_MINOR) throw new FeedError(`${what} ${trimmed} is not a plausible price`, line);
  return minor;
}

function readNumber(text: string): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(value) ? value : null;
}

/** "1 ליטר", "250 מיליליטר"; a weighed item is priced per its unit of measure. */
export function describeQuantity(node: XmlNode): string | null {
  const quantity = readNumber(childText(node, 'quantity'));
  const unit = childText(node, 'unitqty') || childText(node, 'unitofmeasure');
  if (quantity === null || quantity <= 0 || !unit) return null;
  const inPackage = readNumber(childText(node, 'qtyinpackage'));
  const prefix = inPackage !== null && inPackage > 1 ? `${inPackage} x ` : '';
  return `${prefix}${quantity} ${unit}`;
}

export function readStore(node: XmlNode, header: Map<string, string>, line: number): FeedStore {
  const chainId = childText(node, 'chainid') || header.get('chainid') || '';
  const storeId = childText(node, 'storeid');
  if (!chainId || !storeId) throw new FeedError('A store has no ChainId or StoreId', line);
  const chainName = nameIlChain(chainId, childText(node, 'chainname') || header.get('chainname'));
  const storeType = childText(node, 'storetype');
  return {
    sourceRef: toIlStoreRef(chainId, storeId),
    chainRef: `il:${chainId}`,
    chainName,
    name: childText(node, 'storename') || `${chainName} ${storeId}`,
    address: childText(node, 'address') || null,
    city: childText(node, 'city') || null,
    postcode: childText(node, 'zipcode') || null,
    phone: null,
    lat: null,
    lon: null,
    // StoreType 2 is an online store in the published lists; 1 (and 3, both) a physical one.
    isOnline: storeType === '2',
    currency: IL_CURRENCY,
  };
}

function dateTime(date: string, hour: string, both: string): string | null {
  if (both) return both.replace(' ', 'T');
  if (!date) return null;
  return hour ? `${date}T${hour}` : date;
}

interface Terms {
  minQuantity: number;
  discountedPriceMinor: number | null;
  discountRate: number | null;
  minPurchaseMinor: number | null;
}

function readTerms(node: XmlNode, fallback: Terms, line: number): Terms {
  const minQuantity = readNumber(childText(node, 'minqty')) ?? readNumber(childText(node, 'minnoofitemoffered'));
  const price = parseMoneyMinor(childText(node, 'discountedprice'), 'DiscountedPrice', line);
  const rateText = readNumber(childText(node, 'discountrate'));
  // Some chains write the rate in hundredths of a percent (1000 = 10%).
  const rate = rateText === null ? null : rateText > 100 ? rateText / 100 : rateText;
  const purchase = parseMoneyMinor(childText(node, 'minpurchaseamount') || childText(node, 'minpurchaseamnt'), 'MinPurchaseAmount', line);
  const isRate = rate !== null && rate > 0 && (price === null || price === 0);
  return {
    minQuantity: minQuantity !== null && minQuantity >= 1 ? minQuantity : fallback.minQuantity,
    discountedPriceMinor: isRate ? null : (price ?? fallback.discountedPriceMinor),
    discountRate: isRate ? rate : price === null ? fallback.discountRate : null,
    minPurchaseMinor: purchase ?? fallback.minPurchaseMinor,
  };
}

function readClubs(node: XmlNode): string[] {
  const restrictions = childNodes(node, 'additionalrestrictions')[0];
  const texts = [
    ...childNodes(node, 'clubid'),
    ...(restrictions ? childNodes(childNodes(restrictions, 'clubs')[0] ?? restrictions, 'clubid') : []),
  ].map((club) => club.text.trim());
  // "0 - כלל הלקוחות" (all customers) is no club.
  return texts.filter((text) => text !== '' && !/^0(\D|$)/.test(text));
}

function isCoupon(node: XmlNode): boolean {
  const restrictions = childNodes(node, 'additionalrestrictions')[0];
  const flag = childText(node, 'additionaliscoupon') || (restrictions ? childText(restrictions, 'additionaliscoupon') : '');
  return flag === '1';
}

export function readPromotions(node: XmlNode, storeRef: string, line: number): FeedPromotion[] {
  const id = childText(node, 'promotionid');
  if (!id) throw new FeedError('A promotion has no PromotionId', line);
  const clubIds = readClubs(node);
  const base = {
    storeRef,
    description: childText(node, 'promotiondescription'),
    isClubOnly: clubIds.length > 0,
    clubIds,
    isCoupon: isCoupon(node),
    validFrom: dateTime(
      childText(node, 'promotionstartdate'),
      childText(node, 'promotionstarthour'),
      childText(node, 'promotionstartdatetime'),
    ),
    validTo: dateTime(childText(node, 'promotionenddate'), childText(node, 'promotionendhour'), childText(node, 'promotionenddatetime')),
    currency: IL_CURRENCY,
  };
  const promotionTerms = readTerms(node, { minQuantity: 1, discountedPriceMinor: null, discountRate: null, minPurchaseMinor: null }, line);
  // Items sharing the same terms make one promotion; a grouped promotion whose items differ splits by terms.
  const byTerms = new Map<string, { terms: Terms; codes: Set<string> }>();
  const add = (terms: Terms, code: string): void => {
    const key = `${terms.minQuantity}|${terms.discountedPriceMinor}|${terms.discountRate}|${terms.minPurchaseMinor}`;
    const entry = byTerms.get(key) ?? { terms, codes: new Set<string>() };
    entry.codes.add(code);
    byTerms.set(key, entry);
  };
  for (const items of childNodes(node, 'promotionitems'))
    for (const item of childNodes(items, 'item')) add(promotionTerms, childText(item, 'itemcode'));
  for (const groups of childNodes(node, 'groups'))
    for (const group of childNodes(groups, 'group')) {
      const groupTerms = readTerms(group, promotionTerms, line);
      for (const items of childNodes(group, 'promotionitems'))
        for (const item of childNodes(items, 'promotionitem')) add(readTerms(item, groupTerms, line), childText(item, 'itemcode'));
    }
  const sets = [...byTerms.values()];
  return sets.map(({ terms, codes }, index) => ({
    ...base,
    ...terms,
    promotionId: sets.length === 1 ? id : `${id}/${index + 1}`,
    products: [...codes].filter(Boolean).map((code) => ({ gtin: code, internalCode: code, name: '' })),
  }));
}
