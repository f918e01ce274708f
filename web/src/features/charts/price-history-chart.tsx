import { useId, useMemo, useState } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { TPriceObservation } from '@cartwise/contracts';
import { useFormat, type Formatters } from '../../lib/use-format';
import { ChartLegend, toggleHidden } from './chart-legend';
import { getChartHeight, getTimeTickCount, getValueTickCount } from './chart-style';
import { getDayTicks, shapePriceHistory, toDay, type PriceSeries } from './price-series';
import { useElementWidth } from './use-element-width';
import './charts.css';

type DotProps = { cx?: number; cy?: number; payload?: Record<string, unknown>; index?: number };

/** Filled marks for regular prices, hollow ones for deal prices; circles and squares alternate by store. */
function renderDot(series: PriceSeries) {
  function PriceDot({ cx, cy, payload, index }: DotProps) {
    if (typeof cx !== 'number' || typeof cy !== 'number' || typeof payload?.[series.storeId] !== 'number') {
      return <g key={`${series.storeId}-${index}`} />;
    }
    const isDeal = payload[`${series.storeId}:deal`] === true;
    const fill = isDeal ? 'var(--color-surface)' : series.color;
    return series.marker === 'circle' ? (
      <circle key={`${series.storeId}-${index}`} cx={cx} cy={cy} r={isDeal ? 5 : 4} fill={fill} stroke={series.color} strokeWidth={2} />
    ) : (
      <rect
        key={`${series.storeId}-${index}`}
        x={cx - 4}
        y={cy - 4}
        width={8}
        height={8}
        fill={fill}
        stroke={series.color}
        strokeWidth={2}
      />
    );
  }
  return PriceDot;
}

function PriceTooltip({ active, payload, label, format, series }: TooltipContentProps & { format: Formatters; series: PriceSeries[] }) {
  if (!active || !payload?.length || typeof label !== 'number') return null;
  const row = payload[0]?.payload as Record<string, unknown> | undefined;
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip-title">{format.date(toDay(label))}</p>
      <ul>
        {series
          .filter((s) => typeof row?.[s.storeId] === 'number')
          .map((s) => (
            <li key={s.storeId}>
              <span className="chart-tooltip-key" style={{ background: s.color }} aria-hidden="true" />
              {s.storeName}: <strong>{format.money(row?.[s.storeId] as number)}</strong>
              {row?.[`${s.storeId}:deal`] === true ? ' (deal)' : ''}
            </li>
          ))}
      </ul>
    </div>
  );
}

/** Unit price over time, one line per store, with tooltips, a locale time axis and a legend that toggles stores. */
export default function PriceHistoryChart({ observations, productName }: { observations: TPriceObservation[]; productName: string }) {
  const format = useFormat();
  const captionId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const data = useMemo(() => shapePriceHistory(observations), [observations]);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  if (data.rows.length === 0) return null;
  const height = getChartHeight(width);
  const dayStyle = data.spanDays > 300 ? 'short-month' : 'short-date';
  const cheapest = data.series.reduce((best, s) => (s.lowest < best.lowest ? s : best));
  const first = data.rows[0]!.day;
  const last = data.rows[data.rows.length - 1]!.day;

  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="visually-hidden">
        Price history of {productName}: {observations.length} prices at {data.series.length} {data.series.length === 1 ? 'store' : 'stores'}{' '}
        from {format.date(first)} to {format.date(last)}. Lowest {format.money(cheapest.lowest)} at {cheapest.storeName}.{' '}
        {data.series.map((s) => `${s.storeName}: latest ${format.money(s.latest.price)} on ${format.date(s.latest.date)}.`).join(' ')}
      </figcaption>
      <div ref={ref} className="chart-canvas" aria-hidden="true">
        <LineChart
          width={width}
          height={height}
          data={data.rows}
          margin={{ top: 12, right: 12, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={data.domain}
            ticks={getDayTicks(data.domain, getTimeTickCount(width))}
            tickFormatter={(t: number) => format.date(toDay(t), dayStyle)}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            stroke="var(--color-border)"
            padding={{ left: 12, right: 12 }}
          />
          <YAxis
            tickFormatter={(value: number) => format.money(value)}
            tickCount={getValueTickCount(width)}
            domain={['auto', 'auto']}
            tick={{ fill: 'var(--color-muted)', fontSize: 12 }}
            stroke="var(--color-border)"
            width={64}
          />
          <Tooltip
            content={(props) => <PriceTooltip {...props} format={format} series={data.series.filter((s) => !hidden.has(s.storeId))} />}
            cursor={{ stroke: 'var(--color-muted)', strokeDasharray: '3 3' }}
          />
          {data.series.map((s) => (
            <Line
              key={s.storeId}
              dataKey={s.storeId}
              name={s.storeName}
              type="linear"
              connectNulls
              hide={hidden.has(s.storeId)}
              stroke={s.color}
              strokeWidth={2.5}
              strokeDasharray={s.dash}
              dot={renderDot(s)}
              activeDot={{ r: 6, stroke: 'var(--color-surface)', strokeWidth: 2, fill: s.color }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </div>
      <ChartLegend
        label={`Stores in the price history of ${productName}`}
        entries={data.series.map((s) => ({ ...s, key: s.storeId, label: s.storeName }))}
        hidden={hidden}
        onToggle={(key) => setHidden((current) => toggleHidden(current, key, data.series.length))}
      />
      <p className="small muted chart-note">Hollow marks: bought on a deal. Select a store to hide or show its line.</p>
    </figure>
  );
}
