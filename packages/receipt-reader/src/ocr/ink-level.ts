/**
 * The gray level halfway between the darkest pixels (the 1st percentile) and the paper (the median), measured on
 * the image itself. Faint thermal print can be lighter than mid-grey everywhere, so a fixed level of 128 finds
 * only specks, which crop a receipt to a thin strip or tilt a straight one.
 */
export function findInkLevel(pixels: Uint8Array): number {
  const histogram = new Uint32Array(256);
  for (let index = 0; index < pixels.length; index += 1) histogram[pixels[index]!]! += 1;
  const findPercentile = (share: number): number => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level]!;
      if (seen >= pixels.length * share) return level;
    }
    return 255;
  };
  return Math.round((findPercentile(0.01) + findPercentile(0.5)) / 2);
}

/** A rectangle of the page holding its print, in pixels. */
export interface InkBox {
  left: number;
  top: number;
  width: number;
  height: number;
}
