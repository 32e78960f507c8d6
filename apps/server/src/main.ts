import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ensureDemoData } from './seed/demo.ts';

async function openDatabase(config: ReturnType<typeof loadConfig>): Promise<DatabaseHandle> {
  let handle: DatabaseHandle | undefined;
  try {
    handle = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    await migrateToLatest(handle.db);
    return handle;
  } catch (error) {
    await handle?.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/stabile.db`;
    throw new ConfigError(`Impossibile aprire il database ${where}: ${reason}`);
  }
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({ config, db: database.db, dialect: database.dialect });
  if (config.seed) await ensureDemoData(database.db, app.log, { dataDir: config.dataDir });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Stop accepting connections, let in-flight requests finish, then close the database.
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Avvio non riuscito:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
