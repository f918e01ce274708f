import sharp from 'sharp';

/**
 * The prepared page travels between the OCR steps as a PNG, and each step used to decode it again: about 50 ms of CPU
 * for a whole receipt, and tesseract inflated it once more in WebAssembly. The pixels it was encoded from are kept
 * beside it (weakly, so they go with the PNG), and the steps take them instead.
 */
export interface GrayPixels {
  /** One byte per pixel, rows top to bottom. */
  data: Buffer;
  width: number;
  height: number;
}

const pixelsOfPng = new WeakMap<Buffer, GrayPixels>();

/** Encodes gray pixels as the PNG the OCR steps pass around, and remembers the pixels for them. */
export async function encodeGrayPng(pixels: GrayPixels): Promise<Buffer> {
  // b-w: a gray PNG, a third of the bytes of the sRGB one libvips would write.
  const png = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } })
    .toColourspace('b-w')
    .png({ compressionLevel: 1 })
    .toBuffer();
  pixelsOfPng.set(png, pixels);
  return png;
}

/**
 * The page's gray pixels from the top down to `rows` (all by default): the remembered ones, else decoded, only as far
 * as needed (PNG rows are decoded in order). The result may share memory with the page: copy before changing it.
 */
export async function readGrayRows(png: Buffer, rows?: number): Promise<GrayPixels> {
  const known = pixelsOfPng.get(png);
  if (known) {
    const height = Math.min(known.height, rows ?? known.height);
    return height === known.height ? known : { data: known.data.subarray(0, known.width * height), width: known.width, height };
  }
  const page = sharp(png, { sequentialRead: true });
  const { width = 0, height = 0 } = await page.metadata();
  const wanted = Math.min(height, rows ?? height);
  const cut = wanted < height ? page.extract({ left: 0, top: 0, width, height: wanted }) : page;
  const { data, info } = await cut.grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A sharp pipeline on the page, from its remembered pixels when there are some (cropping them skips the decode). */
export function openPage(png: Buffer): sharp.Sharp {
  const known = pixelsOfPng.get(png);
  return known ? sharp(known.data, { raw: { width: known.width, height: known.height, channels: 1 } }) : sharp(png);
}

/**
 * What tesseract is given: the same pixels as a binary PGM when they are remembered (leptonica reads it without
 * inflating anything; tesseract's text was the same on 16 receipts and its CPU about 35 ms less each), else the PNG.
 */
export function toTesseractImage(png: Buffer): Buffer {
  const known = pixelsOfPng.get(png);
  if (!known) return png;
  return Buffer.concat([Buffer.from(`P5\n${known.width} ${known.height}\n255\n`, 'ascii'), known.data]);
}
