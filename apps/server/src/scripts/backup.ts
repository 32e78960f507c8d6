// `npm run backup [-- <folder>]`: a backup of the embedded database and its files, taken while the
// server runs. Into <folder>, else BACKUP_DIR, else ./backups. With BACKUP_KEEP set, the oldest
// backups beyond that many are deleted afterwards.
import path from 'node:path';
import { BackupError, createBackup, pruneBackups } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      'Con PostgreSQL (DATABASE_URL) il backup si fa con pg_dump, più la cartella DATA_DIR/files e ' +
        'secrets.json: vedi il README, sezione Backup.',
    );
  }
  const backupDir = path.resolve(
    process.env.INIT_CWD ?? '.',
    process.argv[2] ?? config.backup?.dir ?? 'backups',
  );
  const started = Date.now();
  const file = await createBackup({ dataDir: config.dataDir, backupDir });
  console.log(`Backup scritto: ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (process.env.BACKUP_KEEP) {
    const deleted = await pruneBackups(backupDir, config.backup?.keep ?? Number(process.env.BACKUP_KEEP));
    for (const name of deleted) console.log(`Backup vecchio eliminato: ${name}`);
  }
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(
    known ? error.message : `Backup non riuscito: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
