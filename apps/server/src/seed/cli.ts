import { parseArgs } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { allowHistoryRemoval } from '../modules/history/history.service.ts';
import { seedArchiveContent } from './archive-content.ts';
import { createArchive, ensureDemoData } from './demo.ts';

/**
 * `npm run seed`: makes sure the demo data exists (as the first start does).
 * `npm run seed -- --archive "Grande" --activities 1000000 [--seed 7]`: creates, or replaces, a
 * large generated archive of the demo account with that many activities and proportionate
 * persons, providers and condominiums (for benchmarks).
 */

const DEMO_EMAIL = 'demo@stabile.it';

function print(message: string): void {
  process.stdout.write(`${message}\n`);
}

function elapsed(started: number): string {
  return `${((Date.now() - started) / 1000).toFixed(1)} s`;
}

/** ensureDemoData logs through the app's logger; here one line per message is enough. */
const consoleLogger = {
  info: (obj: unknown, msg?: string) =>
    print(`${msg ?? ''} ${typeof obj === 'object' ? JSON.stringify(obj) : String(obj)}`),
} as unknown as FastifyBaseLogger;

/** Deletes an archive and every row it owns (tables with archive_id), children before parents. */
async function deleteArchive(db: Kysely<Database>, archiveId: number): Promise<void> {
  const tables = (await db.introspection.getTables())
    .filter((t) => !t.isView && t.columns.some((c) => c.name === 'archive_id'))
    .map((t) => t.name);
  // Every row of the archive goes, so the foreign keys among them need no checking on SQLite
  // (checking them costs a lookup per deleted row). On PostgreSQL, where the checks are cheap,
  // the tables a delete refused (a parent whose children are still there) are retried until
  // every table is empty.
  const sqlite = dialectOf(db) === 'sqlite';
  await allowHistoryRemoval(db, archiveId);
  if (sqlite) await sql`pragma foreign_keys = OFF`.execute(db);
  let pending = tables;
  for (let pass = 0; pending.length > 0 && pass < tables.length + 1; pass++) {
    const refused: string[] = [];
    for (const table of pending) {
      try {
        await sql`delete from ${sql.table(table)} where archive_id = ${archiveId}`.execute(db);
      } catch {
        refused.push(table);
      }
    }
    pending = refused;
  }
  if (pending.length > 0)
    throw new Error(`Impossibile eliminare l'archivio: restano righe in ${pending.join(', ')}`);
  await db.deleteFrom('archives').where('id', '=', archiveId).execute();
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      archive: { type: 'string' },
      activities: { type: 'string' },
      seed: { type: 'string', default: '7' },
    },
  });
  const config = loadConfig();
  const database = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const { db } = database;
  try {
    await migrateToLatest(db);
    const started = Date.now();
    await ensureDemoData(db, consoleLogger, { dataDir: config.dataDir });
    if (!values.archive) {
      print(`Dati dimostrativi pronti (${elapsed(started)}).`);
      return;
    }
    const activities = Number(values.activities ?? '100000');
    if (!Number.isInteger(activities) || activities < 1 || activities > 50_000_000) {
      throw new ConfigError('--activities deve essere un numero intero tra 1 e 50.000.000');
    }
    const seed = Number(values.seed);
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirst();
    if (!account) throw new ConfigError(`Account ${DEMO_EMAIL} non trovato`);
    const existing = await db
      .selectFrom('archives')
      .select('id')
      .where('account_id', '=', account.id)
      .where('name', '=', values.archive)
      .execute();
    for (const old of existing) {
      const t = Date.now();
      print(`Elimino l'archivio "${values.archive}" esistente (id ${old.id})...`);
      await deleteArchive(db, old.id);
      print(`  eliminato in ${elapsed(t)}`);
    }
    const archiveId = await createArchive(db, account.id, {
      name: values.archive,
      protection: 'none',
      scale: 0,
      seed,
    });
    print(
      `Archivio "${values.archive}" (id ${archiveId}): genero ${activities.toLocaleString('it-IT')} attività...`,
    );
    if (database.dialect === 'sqlite') {
      // A generated benchmark archive: if the machine stops mid-way it is simply generated again,
      // so skip the fsync of every commit while filling it (restored to FULL on the next open).
      await sql`pragma synchronous = OFF`.execute(db);
    }
    const t0 = Date.now();
    const summary = await seedArchiveContent(db, archiveId, {
      scale: 1,
      seed,
      large: { activities },
      dataDir: config.dataDir,
      progress: (message) => print(`  [${elapsed(t0)}] ${message}`),
    });
    print(
      `Fatto in ${elapsed(t0)}: ${summary.persons} contatti, ${summary.providers} fornitori, ${summary.condominiums} condomini, ${activities} attività.`,
    );
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
