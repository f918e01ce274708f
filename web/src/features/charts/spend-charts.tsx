import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useFormat } from '../../lib/use-format';
import { getTimeTickCount, getValueTickCount } from './chart-style';
import { AXIS_TICK, TooltipBox } from './chart-parts';
import { HorizontalBarChart } from './horizontal-bar-chart';
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
  return (
    <HorizontalBarChart
      bars={shapeStoreBars(stores)}
      valueKey="cents"
      formatValue={(cents) => format.cents(cents)}
      describeBar={(bar) => [`Spent ${format.cents(bar.cents)}`, `${bar.receipts} ${bar.receipts === 1 ? 'receipt' : 'receipts'}`]}
      caption={caption}
      legendLabel="Stores in the spend chart"
      rowHeight={40}
      barSize={24}
      hasLegendForOne
    />
  );
}
