import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useFormat } from '../../lib/use-format';
import { ChartLegend, toggleHidden } from './chart-legend';
import { AXIS_TICK, CategoryTick, TooltipBox, type CategoryTickProps } from './chart-parts';
import { describeCategory, shapeCategoryBars, type CategoryBar } from './spend-series';
import { useElementWidth } from './use-element-width';
import './charts.css';

export interface CategorySpendRow {
  category: string;
  total: number;
  share: number;
  itemCount: number;
}

/**
 * Spend per category as bars, one colour per category, with tooltips in the shopper's currency and a
 * legend that hides or shows a category. The SVG is hidden from screen readers: the table after it has
 * the same figures and the caption says so; the legend buttons are the keyboard's way in.
 */
export default function CategorySpendChart({ categories, caption }: { categories: CategorySpendRow[]; caption: string }) {
  const format = useFormat();
  const captionId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const bars = shapeCategoryBars(categories);
  const shown = bars.filter((bar) => !hidden.has(bar.key));
  const isNarrow = width < 520;
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as CategoryBar | undefined;
    return active && bar ? <TooltipBox title={bar.name} lines={describeCategory(bar, format)} /> : null;
  };
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <div ref={ref} className="chart-canvas" aria-hidden="true">
        <BarChart
          width={width}
          height={Math.max(120, shown.length * 36 + 40)}
          data={shown}
          layout="vertical"
          margin={{ top: 4, right: 12, bottom: 0, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
          <XAxis
            type="number"
            dataKey="amount"
            tickFormatter={(amount: number) => format.money(amount)}
            tickCount={isNarrow ? 3 : 5}
            tick={AXIS_TICK}
            stroke="var(--color-border)"
          />
          <YAxis
            type="category"
            dataKey="name"
            width={isNarrow ? 104 : 150}
            tick={(props: CategoryTickProps) => <CategoryTick {...props} maxLength={isNarrow ? 13 : 20} />}
            stroke="var(--color-border)"
          />
          <Tooltip content={renderTooltip} cursor={{ fill: 'var(--color-surface-muted)' }} />
          <Bar dataKey="amount" name="Spent" radius={[0, 4, 4, 0]} barSize={20} isAnimationActive={false}>
            {shown.map((bar) => (
              // Past eight categories the colour repeats: a paler fill with a dashed outline tells the bar apart.
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
      {bars.length > 1 ? (
        <ChartLegend
          label="Categories in the spend chart"
          entries={bars.map((bar) => ({ ...bar, label: bar.name }))}
          hidden={hidden}
          onToggle={(key) => setHidden((current) => toggleHidden(current, key, bars.length))}
        />
      ) : null}
    </figure>
  );
}
