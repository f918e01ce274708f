import type { Deps } from '../app-types';
import { HttpError } from '../http/errors';
import { consumeThrottle } from '../http/throttle';
import { getIntegerSetting } from './operator-settings';

const WINDOW_SECONDS = 60 * 60;

/** The shopper's counter in rate_limits (account deletion removes it by this exact key). */
export const photoUploadThrottleKey = (userId: string) => `photo-uploads|${userId}`;

/**
 * Counts `count` photos (receipt images and PDFs, deal shelf tags) against the shopper's hourly allowance, the
 * operator's `photo_uploads_per_hour` setting; each one costs OCR or image work. Call after the files are read
 * and before anything is stored. Counted in the database, so it holds across restarts and instances.
 */
export async function consumePhotoUploads(app: Deps<'db'>, userId: string, count: number): Promise<void> {
  if (count <= 0) return;
  const max = await getIntegerSetting(app, 'photo_uploads_per_hour');
  const result = await consumeThrottle(app.db, photoUploadThrottleKey(userId), { windowSeconds: WINDOW_SECONDS, max }, { cost: count });
  if (result.isAllowed) return;
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  throw new HttpError(
    429,
    'rate_limited',
    `You can upload ${max} photos an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}
