import { useQuery } from '@tanstack/react-query';
import { priceCoverageApi } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';
import { formatNumber, getActiveFormat } from '../../lib/format';

const count = (value: number) => formatNumber(value, getActiveFormat(), 0);

/**
 * What Cartwise's prices cover for the stores picked so far (or, with none picked, near the shopper or everywhere):
 * of the 100 most bought products, how many have a price at one of them and at two or more.
 */
export function PriceCoverageNote({ storeIds }: { storeIds: string[] }) {
  const key = [...storeIds].sort().join(',');
  const query = useQuery({
    queryKey: ['price-coverage', key],
    queryFn: ({ signal }) => callApi(priceCoverageApi.shopper, { query: key ? { storeIds: key } : {}, signal }),
  });
  const coverage = query.data;
  if (!coverage || coverage.basket.items === 0) return null;
  const { atOneStore, atTwoOrMore, items } = coverage.basket;
  const where = key ? 'your stores' : 'stores near you';
  return (
    <section className="onboarding-coverage" aria-label="Price coverage" aria-live="polite">
      <h3>Prices we know</h3>
      <p>
        {count(coverage.stores)} {coverage.stores === 1 ? 'store' : 'stores'}. Of the {count(items)} most bought products,{' '}
        {count(atOneStore + atTwoOrMore)} have a price at {where}: {count(atOneStore)} at one store, {count(atTwoOrMore)} at two or more.
      </p>
    </section>
  );
}
