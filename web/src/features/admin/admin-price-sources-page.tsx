import { priceSourcesApi } from '@cartwise/contracts';
import { PageHeader } from '../../components';
import { useAdminQuery } from './admin-api';
import { QueryStatus } from './admin-ui';
import { PriceCoverageCard } from './price-coverage-card';
import { PriceSourceCard } from './price-source-card';
import { PastRunsCard } from './price-source-runs';
import './admin.css';

export default function AdminPriceSourcesPage() {
  const query = useAdminQuery(['price-sources'], priceSourcesApi.list);
  const sources = query.data?.sources ?? [];
  return (
    <div className="page">
      <PageHeader
        title="Price sources"
        description="Public price feeds: when each runs, over which area, with which keys; start a run and read past ones."
      />
      <PriceCoverageCard />
      <QueryStatus query={query} />
      {sources.map((source) => (
        <PriceSourceCard key={source.id} source={source} />
      ))}
      <PastRunsCard labels={new Map(sources.map((source) => [source.id, source.label]))} />
    </div>
  );
}
