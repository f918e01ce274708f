import { useState, type FormEvent } from 'react';
import { priceCoverageApi } from '@cartwise/contracts';
import { Button, Card, TextField } from '../../components';
import { formatCount, useAdminQuery } from './admin-api';
import { QueryStatus, StatTile } from './admin-ui';

function readText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

interface AreaQuery {
  city?: string;
  zipCode?: string;
  lat?: number;
  lon?: number;
  radiusKm?: number;
}

function readArea(form: FormData): AreaQuery {
  const text = (name: string) => readText(form, name).trim();
  const number = (name: string) => (text(name) === '' ? undefined : Number(text(name)));
  return {
    city: text('city') || undefined,
    zipCode: text('zipCode') || undefined,
    lat: number('lat'),
    lon: number('lon'),
    radiusKm: number('radiusKm'),
  };
}

/** For an area: how many stores, and how many of the 100 most bought products have a price at one and at two or more. */
export function PriceCoverageCard() {
  const [area, setArea] = useState<AreaQuery>({});
  const query = useAdminQuery(['price-coverage', area], priceCoverageApi.admin, { query: area });
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setArea(readArea(new FormData(event.currentTarget)));
  }
  const coverage = query.data;
  return (
    <Card title="Coverage">
      <form className="price-source-area" onSubmit={handleSubmit} aria-label="Coverage area">
        <TextField name="city" label="City" />
        <TextField name="zipCode" label="ZIP or postal code" />
        <TextField name="lat" label="Latitude" inputMode="decimal" />
        <TextField name="lon" label="Longitude" inputMode="decimal" />
        <TextField name="radiusKm" label="Radius (km)" inputMode="decimal" />
        <div>
          <Button type="submit" variant="secondary">
            Show coverage
          </Button>
        </div>
      </form>
      <QueryStatus query={query} />
      {coverage ? (
        <div className="admin-stat-grid">
          <StatTile label="Stores" value={formatCount(coverage.stores)} sub={`${formatCount(coverage.pricedStores)} with prices`} />
          <StatTile label="Most bought products" value={formatCount(coverage.basket.items)} sub="Up to 100" />
          <StatTile label="Priced at one store" value={formatCount(coverage.basket.atOneStore)} />
          <StatTile label="Priced at two or more" value={formatCount(coverage.basket.atTwoOrMore)} />
          <StatTile label="No price nearby" value={formatCount(coverage.basket.unpriced)} />
        </div>
      ) : null}
    </Card>
  );
}
