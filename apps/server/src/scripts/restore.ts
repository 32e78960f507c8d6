// `npm run restore -- <backup file>`: puts a backup made by `npm run backup` back into DATA_DIR.
// The server must be stopped; what DATA_DIR held is kept in DATA_DIR/before-restore-<time>/.
import path from 'node:path';
import { BackupError, restoreBackup } from '../backup/backup.ts';
import { ConfigError, loadConfig } from '../config.ts';

async function main() {
  const archive = process.argv[2];
  if (!archive) throw new BackupError('Indica il file di backup: npm run restore -- <file .tar.gz>');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError('Con PostgreSQL (DATABASE_URL) si ripristina con pg_restore: vedi il README.');
  }
  const previous = await restoreBackup({
    archive: path.resolve(process.env.INIT_CWD ?? '.', archive),
    dataDir: config.dataDir,
  });
  console.log(`Backup ripristinato in ${config.dataDir}. I dati di prima sono in ${previous}`);
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  console.error(
    known ? error.message : `Ripristino non riuscito: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
