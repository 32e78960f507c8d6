/**
 * Issues a one-time, 5-minute unattended login token for an account, as the resident portal or the
 * desktop suite would, and prints it with the call that uses it.
 *
 *   npm run unattended-token -w apps/server -- <email> [--session-id <id>]
 *
 * Uses the same environment as the server (DATA_DIR or DATABASE_URL, PUBLIC_URL).
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { issueUnattendedToken } from '../modules/auth/auth.service.ts';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'session-id': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const email = positionals[0];
  if (values.help || !email) {
    console.error('Uso: npm run unattended-token -w apps/server -- <email> [--session-id <id>]');
    return values.help ? 0 : 2;
  }
  const config = loadConfig();
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrateToLatest(database.db);
    const issued = await issueUnattendedToken(database.db, email, values['session-id']);
    if (!issued) {
      console.error(`Nessun account con email ${email}.`);
      return 1;
    }
    const query = new URLSearchParams({ portalToken: issued.token });
    if (values['session-id']) query.set('sessionID', values['session-id']);
    console.log(issued.token);
    console.error(`Token monouso valido fino alle ${issued.expiresAt.toLocaleTimeString('it-IT')}.`);
    console.error(`Uso: POST ${config.publicUrl}/user/unattended?${query.toString()}`);
    return 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Errore: ${error instanceof Error ? error.message : error}`,
    );
    process.exit(1);
  },
);
