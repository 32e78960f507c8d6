import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrations } from './migrations/index.ts';

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** A failed migration run; `migration` names the migration that failed, if one did. */
export class MigrationError extends Error {
  constructor(
    message: string,
    readonly migration: string | undefined,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

/**
 * Runs pending schema migrations. Each migration runs in its own transaction on both dialects, so a
 * failure leaves the database at the last complete migration.
 */
export async function migrateToLatest(db: Kysely<any>, options: { schema?: string } = {}): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Migrazione del database non riuscita${failed ? ` (${failed.migrationName})` : ''}: ${reason}`,
      failed?.migrationName,
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
