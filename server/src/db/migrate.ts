import fs from 'node:fs/promises';
import path from 'node:path';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database';

const migrationsDir = path.join(import.meta.dirname, 'migrations');

/**
 * Loads every `migrations/<timestamp>-<name>.ts` file (`.js` in the compiled server/dist); names sort by timestamp,
 * so order is stable.
 */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(migrationsDir)).filter((f) => /^\d{8}T\d{4}-[a-z0-9-]+\.[tj]s$/.test(f)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(path.join(migrationsDir, file))) as Migration;
      migrations[file.replace(/\.[tj]s$/, '')] = mod;
    }
    return migrations;
  }
}

/** `allowUnorderedMigrations` is for tests that undo one migration and run it again after later ones. */
export async function migrateToLatest(handle: DatabaseHandle, options: { allowUnorderedMigrations?: boolean } = {}): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new FolderMigrationProvider(), ...options });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
