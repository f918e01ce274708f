import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useFormat } from '../../lib/use-format';
import { ChartLegend, toggleHidden } from './chart-legend';
import { getTimeTickCount, getValueTickCount } from './chart-style';
import { AXIS_TICK, CategoryTick, TooltipBox, type CategoryTickProps } from './chart-parts';
import { getLabelInterval, shapeStoreBars, type MonthBar } from './spend-series';
import { useElementWidth } from './use-element-width';
import './charts.css';

/**
 * Spend per month as columns with a locale month axis and tooltips. The chart is hidden from screen
 * readers: the page's table right after it has the same figures, and the caption says so.
 */
export function SpendByMonthChart({ months, caption }: { months: MonthBar[]; caption: string }) {
  const format = useFormat();
  const captionId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const height = width < 520 ? 200 : 240;
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as MonthBar | undefined;
    return active && bar ? <TooltipBox title={format.date(bar.month, 'month')} lines={[`Spent ${format.cents(bar.cents)}`]} /> : null;
  };
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <div ref={ref} className="chart-canvas" aria-hidden="true">
        <BarChart width={width} height={height} data={months} margin={{ top: 8, right: 8, bottom: 0, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis
            dataKey="month"
            tickFormatter={(month: string) => format.date(month, 'month-year')}
            interval={getLabelInterval(months.length, getTimeTickCount(width))}
            tick={AXIS_TICK}
            stroke="var(--color-border)"
          />
          <YAxis
            tickFormatter={(cents: number) => format.cents(cents)}
            tickCount={getValueTickCount(width)}
            tick={AXIS_TICK}
            stroke="var(--color-border)"
            width={72}
          />
          <Tooltip content={renderTooltip} cursor={{ fill: 'var(--color-surface-muted)' }} />
          <Bar dataKey="cents" name="Spent" fill="var(--chart-1)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </div>
    </figure>
  );
}

/** Spend per store as bars, one colour per store, with a legend that hides or shows a store. */
export function SpendByStoreChart({
  stores,
  caption,
}: {
  stores: { store_name: string; total_cents: number; receipts: number }[];
  caption: string;
}) {
  const format = useFormat();
  const captionId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const bars = shapeStoreBars(stores);
  const shown = bars.filter((bar) => !hidden.has(bar.key));
  const isNarrow = width < 520;
  const labelWidth = isNarrow ? 104 : 150;
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as (typeof bars)[number] | undefined;
    return active && bar ? (
      <TooltipBox
        title={bar.name}
        lines={[`Spent ${format.cents(bar.cents)}`, `${bar.receipts} ${bar.receipts === 1 ? 'receipt' : 'receipts'}`]}
      />
    ) : null;
  };
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <div ref={ref} className="chart-canvas" aria-hidden="true">
        <BarChart
          width={width}
          height={Math.max(120, shown.length * 40 + 40)}
          data={shown}
          layout="vertical"
          margin={{ top: 4, right: 12, bottom: 0, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
          <XAxis
            type="number"
            tickFormatter={(cents: number) => format.cents(cents)}
            tickCount={isNarrow ? 3 : 5}
            tick={AXIS_TICK}
            stroke="var(--color-border)"
          />
          <YAxis
            type="category"
            dataKey="name"
            width={labelWidth}
            tick={(props: CategoryTickProps) => <CategoryTick {...props} maxLength={isNarrow ? 13 : 20} />}
            stroke="var(--color-border)"
          />
          <Tooltip content={renderTooltip} cursor={{ fill: 'var(--color-surface-muted)' }} />
          <Bar dataKey="cents" name="Spent" radius={[0, 4, 4, 0]} barSize={24} isAnimationActive={false}>
            {shown.map((bar) => (
              // Past eight stores the colour repeats: a paler fill with a dashed outline tells the bar apart.
              <Cell
                key={bar.key}
                fill={bar.color}
                fillOpacity={bar.dash ? 0.35 : 1}
                stroke={bar.color}
                strokeWidth={2}
                strokeDasharray={bar.dash}
              />
            ))}
          </Bar>
        </BarChart>
      </div>
      <ChartLegend
        label="Stores in the spend chart"
        entries={bars.map((bar) => ({ ...bar, label: bar.name }))}
        hidden={hidden}
        onToggle={(key) => setHidden((current) => toggleHidden(current, key, bars.length))}
      />
    </figure>
  );
}
