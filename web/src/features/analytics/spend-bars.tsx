import { formatMoneyCents, getActiveFormat } from '../../lib/format';

export interface SpendBar {
  key: string;
  label: string;
  cents: number;
}

/**
 * A horizontal bar chart in plain HTML/CSS. The chart itself is hidden from screen readers because the
 * same numbers are in the table right after it; the figure's caption says so.
 */
export function SpendBars({ title, bars }: { title: string; bars: SpendBar[] }) {
  const max = Math.max(0, ...bars.map((bar) => bar.cents));
  return (
    <figure className="spend-chart">
      <figcaption className="spend-chart-caption">{title}</figcaption>
      <div className="spend-bars" aria-hidden="true">
        {bars.map((bar) => {
          const width = max > 0 ? Math.max((bar.cents / max) * 100, bar.cents > 0 ? 1 : 0) : 0;
          return (
            <div key={bar.key} className="spend-bar-row">
              <span className="spend-bar-label">{bar.label}</span>
              <span className="spend-bar-track">
                <span className="spend-bar-fill" style={{ width: `${width}%` }} />
              </span>
              <span className="spend-bar-value">{formatMoneyCents(bar.cents, getActiveFormat())}</span>
            </div>
          );
        })}
      </div>
    </figure>
  );
}
