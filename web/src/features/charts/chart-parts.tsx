/** Pieces shared by the bar charts: axis tick style, the tooltip box and a one-line category label. */
import { shortenLabel } from './spend-series';

export const AXIS_TICK = { fill: 'var(--color-muted)', fontSize: 12 };

export function TooltipBox({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="chart-tooltip">
      <p className="chart-tooltip-title">{title}</p>
      <ul>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

export interface CategoryTickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value?: unknown };
}

/** One line per label, shortened to fit: Recharts would otherwise wrap it into the next bar's label. */
export function CategoryTick({ x, y, payload, maxLength }: CategoryTickProps & { maxLength: number }) {
  return (
    <text x={Number(x)} y={Number(y)} dx={-6} dy={4} textAnchor="end" fill="var(--color-muted)" fontSize={12}>
      {shortenLabel(typeof payload?.value === 'string' ? payload.value : '', maxLength)}
    </text>
  );
}
