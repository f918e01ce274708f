/**
 * How much redder than its green and blue a pixel must be to count as red ink. JPEG colour noise around black
 * print stays under it (only stamps, coloured print and pink paper pass); a lower margin fades magenta header print
 * until its store name is lost.
 */
export const RED_INK_MARGIN = 40;

/**
 * A stamp covers a corner of the page, a few percent of it. Red over more of it is tinted paper (a pink carbon
 * copy): only some of its pixels pass the margin, so lifting them speckles the page and loses its name and date.
 */
export const MAX_STAMP_SHARE = 0.05;

function isRedInk(rgb: Uint8Array, at: number, gray: number): boolean {
  const red = rgb[at] ?? 0;
  return red - Math.max(rgb[at + 1] ?? 0, rgb[at + 2] ?? 0) > RED_INK_MARGIN && red > gray;
}

/**
 * A "PAID" stamp or a red pen mark over the print: in grayscale the red ink is as dark as the letters, and
 * tesseract reads the stamp's strokes into the words under it (`gree Ok` for `99 SPEED MART S/B`). In the red
 * channel red ink is nearly as light as the paper, so each red pixel takes its red value; black, blue and
 * purple print, and print under the stamp (dark in every channel), keep their gray. Returns the pixels changed.
 */
export function dropRedStamps(rgb: Uint8Array, gray: Uint8Array, channels: number): number {
  let redPixels = 0;
  for (let pixel = 0, at = 0; pixel < gray.length; pixel += 1, at += channels) {
    if (isRedInk(rgb, at, gray[pixel] ?? 0)) redPixels += 1;
  }
  if (redPixels === 0 || redPixels > gray.length * MAX_STAMP_SHARE) return 0;
  for (let pixel = 0, at = 0; pixel < gray.length; pixel += 1, at += channels) {
    if (isRedInk(rgb, at, gray[pixel] ?? 0)) gray[pixel] = rgb[at] ?? 0;
  }
  return redPixels;
}
