import path from 'node:path';
import sharp from 'sharp';
import type { Deps } from '../../app-types';
import { HttpError, badRequest } from '../../http/errors';
import { FileNotFoundError, type FileStore } from '../../storage/file-store';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

type ImageKind = 'jpeg' | 'png' | 'webp';

/** The file's real type from its first bytes; the client's content type and file name are not trusted. */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && pngSignature.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Re-encodes a shelf-tag photo as JPEG: applies the EXIF orientation, then drops all metadata
 * (sharp writes none unless asked), so GPS positions and device details never leave the shopper's phone.
 * Returns the storage key relative to DATA_DIR/uploads.
 */
export async function saveDealPhoto(app: Deps<'files'>, dealId: string, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpError(413, 'photo_too_large', 'Photo is larger than 5 MB');
  if (!detectImageKind(bytes)) throw badRequest('Photo must be a JPEG, PNG or WebP image');
  let output: Buffer;
  try {
    output = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest('Photo could not be read as an image');
  }
  const key = toDealPhotoKey(dealId);
  await app.files.putFile(key, output, 'image/jpeg');
  return key;
}

/** Photos are stored as deals/<dealId>.jpg; the key is rebuilt from the stored one's name so it cannot leave the folder. */
function toDealPhotoKey(name: string): string {
  return `deals/${path.basename(name, '.jpg')}.jpg`;
}

export async function readDealPhoto(app: Deps<'files' | 'log'>, photoKey: string): Promise<Buffer | null> {
  try {
    return await app.files.readFile(toDealPhotoKey(photoKey));
  } catch (err) {
    if (!(err instanceof FileNotFoundError)) app.log.error({ err, photoKey }, 'deal photo could not be read');
    return null;
  }
}

/** Removes a stored photo, e.g. of a submission refused after its photo was saved; a missing file is fine. */
export async function deleteDealPhoto(app: Deps<'files'>, photoKey: string): Promise<void> {
  await app.files.deleteFile(toDealPhotoKey(photoKey));
}

/** Removes a deal photo by its stored key, given the file store alone (account deletion). */
export async function deleteDealPhotoFile(files: FileStore, photoKey: string): Promise<void> {
  await files.deleteFile(toDealPhotoKey(photoKey));
}
