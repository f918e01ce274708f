import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { ChartLegend, toggleHidden } from './chart-legend';
import type { SeriesStyle } from './chart-style';
import { AXIS_TICK, CategoryTick, TooltipBox, type CategoryTickProps } from './chart-parts';
import { useElementWidth } from './use-element-width';
import './charts.css';

/** One named bar: its legend key, its axis label and its colour and pattern. */
export interface NamedBar extends SeriesStyle {
  key: string;
  name: string;
}

type NumberKey<T> = { [K in keyof T]: T[K] extends number ? K : never }[keyof T] & string;

export interface HorizontalBarChartProps<T extends NamedBar> {
  bars: T[];
  /** The bar's numeric field the chart draws. */
  valueKey: NumberKey<T>;
  /** Formats a value for the axis ticks, in the shopper's currency. */
  formatValue: (value: number) => string;
  /** The tooltip's lines for one bar (its name is the title). */
  describeBar: (bar: T) => string[];
  caption: string;
  legendLabel: string;
  /** Height per shown bar, in px. */
  rowHeight: number;
  barSize: number;
  /** Whether a single bar still gets a legend. */
  hasLegendForOne: boolean;
}

/**
 * Named values as horizontal bars, one colour per bar, with tooltips and a legend that hides or shows a
 * bar. The SVG is hidden from screen readers: the page's table after it has the same figures and the
 * caption says so; the legend buttons are the keyboard's way in.
 */
export function HorizontalBarChart<T extends NamedBar>({
  bars,
  valueKey,
  formatValue,
  describeBar,
  caption,
  legendLabel,
  rowHeight,
  barSize,
  hasLegendForOne,
}: HorizontalBarChartProps<T>) {
  const captionId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const shown = bars.filter((bar) => !hidden.has(bar.key));
  const isNarrow = width < 520;
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const bar = payload?.[0]?.payload as T | undefined;
    return active && bar ? <TooltipBox title={bar.name} lines={describeBar(bar)} /> : null;
  };
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <div ref={ref} className="chart-canvas" aria-hidden="true">
        <BarChart
          width={width}
          height={Math.max(120, shown.length * rowHeight + 40)}
          data={shown}
          layout="vertical"
          margin={{ top: 4, right: 12, bottom: 0, left: 4 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="var(--chart-grid)" horizontal={false} />
          <XAxis
            type="number"
            dataKey={valueKey}
            tickFormatter={formatValue}
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
          <Bar dataKey={valueKey} name="Spent" radius={[0, 4, 4, 0]} barSize={barSize} isAnimationActive={false}>
            {shown.map((bar) => (
              // Past eight bars the colour repeats: a paler fill with a dashed outline tells the bar apart.
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
      {bars.length > 1 || hasLegendForOne ? (
        <ChartLegend
          label={legendLabel}
          entries={bars.map((bar) => ({ ...bar, label: bar.name }))}
          hidden={hidden}
          onToggle={(key) => setHidden((current) => toggleHidden(current, key, bars.length))}
        />
      ) : null}
    </figure>
  );
}
