/**
 * Colours, line patterns and tick counts shared by the charts. Colours are the Okabe-Ito tokens
 * (styles/tokens.css), so each theme supplies its own values and the charts follow it without a re-render.
 */
export const PALETTE_SIZE = 8;

// Past eight stores the colours repeat, so the line pattern tells them apart instead.
const DASHES = [undefined, '8 4', '2 4', '10 4 2 4'] as const;

export interface SeriesStyle {
  color: string;
  /** SVG stroke-dasharray; undefined for a solid line. */
  dash: string | undefined;
  /** Alternating marker shapes keep neighbouring series apart in greyscale too. */
  marker: 'circle' | 'square';
}

export function getSeriesStyle(index: number): SeriesStyle {
  return {
    color: `var(--chart-${(index % PALETTE_SIZE) + 1})`,
    dash: DASHES[Math.floor(index / PALETTE_SIZE) % DASHES.length],
    marker: index % 2 === 0 ? 'circle' : 'square',
  };
}

/** About one time tick per 110 px keeps locale dates ("24 Nov") from colliding on a phone. */
export function getTimeTickCount(width: number): number {
  return Math.max(3, Math.min(8, Math.floor(width / 110)));
}

/** Value ticks: four on a phone, six on a desktop. */
export function getValueTickCount(width: number): number {
  return width < 520 ? 4 : 6;
}

/** A phone-width chart is shorter so the table below it stays within reach. */
export function getChartHeight(width: number): number {
  return width < 520 ? 240 : 300;
}
