/**
 * Removes a JPEG's metadata segments without decoding it: the compressed picture is kept byte for byte, so the stored
 * copy reads exactly as the upload did. Re-encoding to strip EXIF cost the reader accuracy (all 626 SROIE photos
 * re-encoded at quality 90: dev store 0.852 -> 0.832, total 0.967 -> 0.945; holdout date 0.957 -> 0.921).
 */

const COMMENT = 0xfe;
// Of the application segments (APP0-APP15), JFIF (density), the colour profile and Adobe's colour transform change how
// the picture decodes, so they stay; the rest (EXIF and XMP in APP1, IPTC in APP13, makers' own) can say where and by
// whom it was taken.
const KEPT_APP_SEGMENTS = new Set([0xe0, 0xe2, 0xee]);
const START_OF_SCAN = 0xda;

function isDroppedSegment(marker: number): boolean {
  return marker === COMMENT || (marker >= 0xe0 && marker <= 0xef && !KEPT_APP_SEGMENTS.has(marker));
}

/** The JPEG without metadata segments before its first scan, or null when its segments cannot be walked. */
export function stripJpegMetadata(jpeg: Buffer): Buffer | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let position = 2;
  while (position + 4 <= jpeg.length) {
    if (jpeg[position] !== 0xff) return null;
    const marker = jpeg[position + 1] ?? 0;
    // 0xFF repeated is padding before a marker.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === START_OF_SCAN) {
      kept.push(jpeg.subarray(position));
      return Buffer.concat(kept);
    }
    const end = position + 2 + jpeg.readUInt16BE(position + 2);
    if (end > jpeg.length) return null;
    if (!isDroppedSegment(marker)) kept.push(jpeg.subarray(position, end));
    position = end;
  }
  return null;
}
