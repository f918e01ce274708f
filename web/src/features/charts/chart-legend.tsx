import type { SeriesStyle } from './chart-style';

export interface LegendEntry extends SeriesStyle {
  key: string;
  label: string;
}

/**
 * The legend as toggle buttons: a click (or Enter/Space) hides or shows that series. Kept outside the SVG
 * so each entry is a real button with a 44 px target and a pressed state screen readers announce.
 */
export function ChartLegend({
  entries,
  hidden,
  onToggle,
  label,
}: {
  entries: LegendEntry[];
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  label: string;
}) {
  return (
    <ul className="chart-legend" aria-label={label}>
      {entries.map((entry) => {
        const isShown = !hidden.has(entry.key);
        return (
          <li key={entry.key}>
            <button type="button" className="chart-legend-button" aria-pressed={isShown} onClick={() => onToggle(entry.key)}>
              <svg className="chart-legend-swatch" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true">
                <line x1="1" x2="27" y1="6" y2="6" stroke={entry.color} strokeWidth="3" strokeDasharray={entry.dash} />
                {entry.marker === 'circle' ? (
                  <circle cx="14" cy="6" r="4" fill={entry.color} />
                ) : (
                  <rect x="10" y="2" width="8" height="8" fill={entry.color} />
                )}
              </svg>
              <span className={isShown ? undefined : 'chart-legend-off'}>{entry.label}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Hidden-series state for a legend: toggling the last shown series is refused so the chart never goes blank. */
export function toggleHidden(hidden: ReadonlySet<string>, key: string, total: number): Set<string> {
  const next = new Set(hidden);
  if (next.has(key)) next.delete(key);
  else if (total - next.size > 1) next.add(key);
  return next;
}
