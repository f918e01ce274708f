import type { Deps } from '../../app-types';
import { findProfile, toProfileDto } from './profile.repo';

/** Pushes the user's current profile row to their open pages (and, on PostgreSQL, other instances). */
export async function publishProfileChange(app: Deps<'db' | 'events'>, userId: string): Promise<void> {
  const row = await findProfile(app.db, userId);
  if (!row) return;
  await app.events.publish(userId, { type: 'profile', profile: toProfileDto(row) });
}
