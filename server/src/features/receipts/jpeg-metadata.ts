/**
 * Removes a JPEG's metadata segments without decoding it: the compressed picture is kept byte for byte, so the stored
 * copy reads exactly as the upload did: re-encoding to strip EXIF costs the reader accuracy (figures in
 * bench/receipts/README.md).
 * Only the first image is kept, up to its end-of-image marker: a phone's MPF second image (a preview or depth map
 * with EXIF and GPS of its own) and anything appended after it are dropped.
 */

const COMMENT = 0xfe;
const APP2 = 0xe2;
// Of the application segments (APP0-APP15), JFIF (density), the colour profile (APP2 "ICC_PROFILE") and Adobe's colour
// transform change how the picture decodes, so they stay; the rest (EXIF and XMP in APP1, MPF and FlashPix in APP2,
// IPTC in APP13, makers' own) can say where and by whom it was taken, or point at images after the first.
const KEPT_APP_SEGMENTS = new Set([0xe0, APP2, 0xee]);
const ICC_PROFILE = Buffer.from('ICC_PROFILE\0', 'latin1');
const START_OF_SCAN = 0xda;
const END_OF_IMAGE = 0xd9;

function isDroppedSegment(marker: number, segment: Buffer): boolean {
  if (marker === COMMENT) return true;
  if (marker < 0xe0 || marker > 0xef) return false;
  if (marker === APP2) return !segment.subarray(4, 4 + ICC_PROFILE.length).equals(ICC_PROFILE);
  return !KEPT_APP_SEGMENTS.has(marker);
}

/** Where the entropy-coded data that starts at `position` ends: the next marker that is neither stuffing nor a restart. */
function findScanEnd(jpeg: Buffer, position: number): number {
  let at = position;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] === 0xff) {
      const next = jpeg[at + 1] ?? 0;
      // 0xFF00 is a stuffed 0xFF byte, 0xFFD0-0xFFD7 restart markers, 0xFFFF fill: all part of the scan.
      if (next !== 0x00 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return at;
    }
    at += 1;
  }
  return -1;
}

/** The first image of the JPEG, without metadata segments, or null when its segments cannot be walked to its end. */
export function stripJpegMetadata(jpeg: Buffer): Buffer | null {
  if (jpeg.length < 4 || jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return null;
  const kept: Buffer[] = [jpeg.subarray(0, 2)];
  let position = 2;
  while (position + 2 <= jpeg.length) {
    if (jpeg[position] !== 0xff) return null;
    const marker = jpeg[position + 1] ?? 0;
    // 0xFF repeated is padding before a marker.
    if (marker === 0xff) {
      position += 1;
      continue;
    }
    if (marker === END_OF_IMAGE) {
      kept.push(jpeg.subarray(position, position + 2));
      return Buffer.concat(kept);
    }
    if (position + 4 > jpeg.length) return null;
    const end = position + 2 + jpeg.readUInt16BE(position + 2);
    if (end > jpeg.length) return null;
    if (marker === START_OF_SCAN) {
      // A progressive JPEG has several scans, with tables between them: walk on from where this scan's data ends.
      const scanEnd = findScanEnd(jpeg, end);
      if (scanEnd < 0) return null;
      kept.push(jpeg.subarray(position, scanEnd));
      position = scanEnd;
      continue;
    }
    const segment = jpeg.subarray(position, end);
    if (!isDroppedSegment(marker, segment)) kept.push(segment);
    position = end;
  }
  return null;
}
