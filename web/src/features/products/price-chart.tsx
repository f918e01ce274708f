import { useEffect, useId, useRef, useState } from 'react';
import type { TPriceObservation } from '@cartwise/contracts';
import { formatDate, formatMoney as formatLocaleMoney, getActiveFormat } from '../../lib/format';

const formatMoney = (amount: number) => formatLocaleMoney(amount, getActiveFormat());
const formatDay = (date: string) => formatDate(date, getActiveFormat());

const DEFAULT_WIDTH = 640;
const PAD = { top: 16, right: 16, bottom: 36, left: 56 };
// Okabe-Ito tokens (styles/tokens.css): eight colours told apart with common colour-blindness, one per store; shapes differ too.
const COLORS = Array.from({ length: 8 }, (_, index) => `var(--chart-${index + 1})`);

const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** Plain SVG line chart of unit price over time, one line per store; the page also shows a table. */
export function PriceChart({ observations, productName }: { observations: TPriceObservation[]; productName: string }) {
  const titleId = useId();
  const descId = useId();
  const figureRef = useRef<HTMLElement>(null);
  // Draw at the real pixel width so labels stay readable on a phone instead of shrinking with the SVG.
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const figure = figureRef.current;
    if (!figure || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(Math.max(280, Math.min(960, entry.contentRect.width))));
    });
    observer.observe(figure);
    return () => observer.disconnect();
  }, [observations.length]);
  const height = width < 480 ? 220 : 260;
  if (observations.length === 0) return null;
  const stores = [...new Map(observations.map((o) => [o.storeId, o.storeName])).entries()];
  const days = observations.map((o) => toDay(o.date));
  const prices = observations.map((o) => o.unitPrice);
  const minDay = Math.min(...days);
  const maxDay = Math.max(...days);
  const minPrice = Math.min(...prices) * 0.9;
  const maxPrice = Math.max(...prices) * 1.1 || 1;
  const x = (day: number) => PAD.left + (maxDay === minDay ? 0.5 : (day - minDay) / (maxDay - minDay)) * (width - PAD.left - PAD.right);
  const y = (price: number) => PAD.top + (1 - (price - minPrice) / Math.max(maxPrice - minPrice, 0.01)) * (height - PAD.top - PAD.bottom);
  const ticks = [0, 0.5, 1].map((f) => minPrice + f * (maxPrice - minPrice));
  const cheapest = observations.reduce((best, o) => (o.unitPrice < best.unitPrice ? o : best));

  return (
    <figure className="price-chart" ref={figureRef}>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title id={titleId}>Price history of {productName}</title>
        <desc id={descId}>
          {observations.length} prices at {stores.length} {stores.length === 1 ? 'store' : 'stores'} from {formatDay(observations[0]!.date)}{' '}
          to {formatDay(observations[observations.length - 1]!.date)}; lowest {formatMoney(cheapest.unitPrice)} at {cheapest.storeName} on{' '}
          {formatDay(cheapest.date)}.
        </desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} className="price-chart-grid" />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="price-chart-label">
              {formatMoney(tick)}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={height - 10} className="price-chart-label">
          {formatDay(observations[0]!.date)}
        </text>
        <text x={width - PAD.right} y={height - 10} textAnchor="end" className="price-chart-label">
          {formatDay(observations[observations.length - 1]!.date)}
        </text>
        {stores.map(([storeId], index) => {
          const points = observations.filter((o) => o.storeId === storeId);
          const color = COLORS[index % COLORS.length];
          return (
            <g key={storeId}>
              <polyline
                fill="none"
                style={{ stroke: color }}
                strokeWidth={2.5}
                points={points.map((o) => `${x(toDay(o.date))},${y(o.unitPrice)}`).join(' ')}
              />
              {points.map((o) =>
                index % 2 === 0 ? (
                  <circle
                    key={o.id}
                    cx={x(toDay(o.date))}
                    cy={y(o.unitPrice)}
                    r={o.isDeal ? 6 : 4}
                    style={{ fill: o.isDeal ? 'var(--color-surface)' : color, stroke: color }}
                    strokeWidth={2}
                  />
                ) : (
                  <rect
                    key={o.id}
                    x={x(toDay(o.date)) - 4}
                    y={y(o.unitPrice) - 4}
                    width={8}
                    height={8}
                    style={{ fill: o.isDeal ? 'var(--color-surface)' : color, stroke: color }}
                    strokeWidth={2}
                  />
                ),
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="price-chart-legend">
        {stores.map(([storeId, name], index) => (
          <span key={storeId} className="price-chart-key">
            <span className="price-chart-swatch" style={{ background: COLORS[index % COLORS.length] }} aria-hidden="true" />
            {name}
          </span>
        ))}
        <span className="small muted">Hollow marks: bought on a deal.</span>
      </figcaption>
    </figure>
  );
}
