import path from 'node:path';
import sharp from 'sharp';
import { HttpError } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { stripJpegMetadata } from './jpeg-metadata';
import { detectContentType, PdfHasNoTextError, readPdfText } from './reading';

export interface PreparedUpload {
  kind: 'image' | 'pdf';
  data: Buffer;
  extension: 'jpg' | 'png' | 'webp' | 'pdf';
  /** A PDF's text layer, read at upload so a scan without text is refused at once. */
  text: string | null;
}

// Wide enough for small print, narrow enough that a 50 MP phone photo does not fill the disk. A receipt is long and
// narrow, so its length has a limit of its own: shrinking a 937 x 3556 px scan to 3000 px high shrank its print too.
const MAX_STORED_WIDTH = 3000;
const MAX_STORED_HEIGHT = 12_000;

const unsupported = () =>
  new HttpError(415, 'unsupported_file', 'Unsupported file: upload a JPEG, PNG or WebP photo or a PDF e-receipt, or paste the text.');

/** The 413 message, naming the operator's limit so the shopper knows what size would pass. */
export function describeTooLarge(maxBytes: number): string {
  return `The file is larger than the ${Math.round(maxBytes / (1024 * 1024))} MB upload limit.`;
}

/**
 * Checks an upload by its content and turns it into what we keep: images are decoded fully (a truncated or
 * corrupt photo is refused) and kept without EXIF (GPS) metadata: an upright JPEG as it came, less its metadata
 * segments; anything else turned upright, shrunk to the stored size and re-encoded.
 */
export async function prepareUpload(buffer: Buffer, maxBytes: number): Promise<PreparedUpload> {
  if (buffer.length === 0) throw new HttpError(400, 'empty_file', 'The file is empty.');
  if (buffer.length > maxBytes) throw new HttpError(413, 'file_too_large', describeTooLarge(maxBytes));
  const type = detectContentType(buffer);
  if (type === 'pdf') {
    try {
      return { kind: 'pdf', data: buffer, extension: 'pdf', text: await readPdfText(buffer) };
    } catch (error) {
      if (error instanceof PdfHasNoTextError) throw new HttpError(422, 'pdf_without_text', error.message);
      throw new HttpError(400, 'unreadable_pdf', 'This PDF could not be read; it may be damaged.');
    }
  }
  if (type !== 'jpeg' && type !== 'png' && type !== 'webp' && type !== 'heic') throw unsupported();
  try {
    const lossless = type === 'jpeg' ? await stripUprightJpeg(buffer) : null;
    if (lossless) return { kind: 'image', data: lossless, extension: 'jpg', text: null };
    const image = sharp(buffer, { failOn: 'truncated', limitInputPixels: 100_000_000 })
      .rotate()
      .resize({ width: MAX_STORED_WIDTH, height: MAX_STORED_HEIGHT, fit: 'inside', withoutEnlargement: true });
    // sharp writes no metadata unless asked, so re-encoding is what strips EXIF/GPS.
    if (type === 'png') return { kind: 'image', data: await image.png().toBuffer(), extension: 'png', text: null };
    if (type === 'webp') return { kind: 'image', data: await image.webp({ quality: 90 }).toBuffer(), extension: 'webp', text: null };
    return { kind: 'image', data: await image.jpeg({ quality: 90 }).toBuffer(), extension: 'jpg', text: null };
  } catch {
    if (type === 'heic') {
      throw new HttpError(
        415,
        'unsupported_file',
        'HEIC photos cannot be read on this server; export the photo as JPEG and upload it again.',
      );
    }
    throw new HttpError(400, 'unreadable_image', 'The image could not be read; it may be damaged or cut off. Take the photo again.');
  }
}

/**
 * An upright JPEG within the stored size keeps its compressed picture and loses only its metadata (stripJpegMetadata),
 * once it is known to decode whole. Null when it must be turned or shrunk, or when anything of its metadata would
 * remain: then it is re-encoded.
 */
async function stripUprightJpeg(buffer: Buffer): Promise<Buffer | null> {
  const image = sharp(buffer, { failOn: 'truncated', limitInputPixels: 100_000_000 });
  const { orientation, width, height } = await image.metadata();
  if ((orientation ?? 1) !== 1 || (width ?? Infinity) > MAX_STORED_WIDTH || (height ?? Infinity) > MAX_STORED_HEIGHT) return null;
  // Decoding every pixel is what finds a cut-off or corrupt photo.
  await image.stats();
  const stripped = stripJpegMetadata(buffer);
  if (!stripped) return null;
  const left = await sharp(stripped).metadata();
  return left.exif || left.xmp || left.iptc ? null : stripped;
}

/** The folder of one shopper's receipt files in the file store. */
export function toReceiptFolder(userId: string): string {
  return `receipts/${userId}`;
}

/** Stores an upload as receipts/<userId>/<id>.<ext> (data dir or bucket) and returns its key. */
export async function storeUpload(files: FileStore, userId: string, id: string, upload: PreparedUpload): Promise<string> {
  const key = `${toReceiptFolder(userId)}/${id}.${upload.extension}`;
  await files.putFile(key, upload.data, toContentTypeOfKey(key));
  return key;
}

export async function readUpload(files: FileStore, key: string): Promise<Buffer> {
  return files.readFile(key);
}

export async function deleteUpload(files: FileStore, key: string | null): Promise<void> {
  if (!key) return;
  await files.deleteFile(key);
}

export function toContentTypeOfKey(key: string): string {
  const extension = path.extname(key).slice(1);
  return { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf' }[extension] ?? 'application/octet-stream';
}
