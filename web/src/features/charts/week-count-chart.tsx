import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import { useFormat } from '../../lib/use-format';
import { AXIS_TICK, TooltipBox } from './chart-parts';
import { getTimeTickCount } from './chart-style';
import { getLabelInterval } from './spend-series';
import { useElementWidth } from './use-element-width';
import './charts.css';

export interface WeekCount {
  week_start: string;
  count: number;
}

/**
 * A count per week as columns (sign-ups, receipts) with a locale date axis and tooltips. One series, so no
 * legend. The SVG is hidden from screen readers: the caption summarises it and the figures follow as a table.
 */
export default function WeekCountChart({ weeks, caption, noun }: { weeks: WeekCount[]; caption: string; noun: string }) {
  const format = useFormat();
  const captionId = useId();
  const { ref, width } = useElementWidth<HTMLDivElement>();
  const renderTooltip = ({ active, payload }: TooltipContentProps) => {
    const week = payload?.[0]?.payload as WeekCount | undefined;
    return active && week ? (
      <TooltipBox title={`Week of ${format.date(week.week_start, 'short-date')}`} lines={[`${format.number(week.count, 0)} ${noun}`]} />
    ) : null;
  };
  return (
    <figure className="chart" aria-labelledby={captionId}>
      <figcaption id={captionId} className="chart-caption">
        {caption}
      </figcaption>
      <div ref={ref} className="chart-canvas" aria-hidden="true">
        <BarChart width={width} height={180} data={weeks} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="var(--chart-grid)" vertical={false} />
          <XAxis
            dataKey="week_start"
            tickFormatter={(week: string) => format.date(week, 'short-date')}
            interval={getLabelInterval(weeks.length, getTimeTickCount(width))}
            tick={AXIS_TICK}
            stroke="var(--color-border)"
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(count: number) => format.number(count, 0)}
            tickCount={4}
            tick={AXIS_TICK}
            stroke="var(--color-border)"
            width={40}
          />
          <Tooltip content={renderTooltip} cursor={{ fill: 'var(--color-surface-muted)' }} />
          <Bar dataKey="count" name={noun} fill="var(--chart-1)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </div>
    </figure>
  );
}
