import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { listActivities } from '../apps/server/src/modules/activities/activity.repository.ts';
import { activityListQuerySchema } from '@stabile/contract';

const sqlite = new SQLite(process.argv[2]!, { readonly: true });
sqlite.pragma('mmap_size = 1073741824');
const logged: { sql: string; params: readonly unknown[]; ms: number }[] = [];
const db = new Kysely<any>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (e) => { if (e.level === 'query') logged.push({ sql: e.query.sql, params: e.query.parameters, ms: e.queryDurationMillis }); },
});
const arch = (sqlite.prepare("select id from archives where name='Grande'").get() as { id: number }).id;
const query = Object.fromEntries(new URLSearchParams(process.argv[3]!));
const filters = activityListQuerySchema.parse(query);
for (let i = 0; i < 3; i++) { logged.length = 0; await listActivities(db, 'sqlite', arch, filters, { days: 30, perCondominio: new Map() }, '2026-11-22'); }
for (const l of logged) {
  console.log(l.ms.toFixed(3), 'ms', l.sql, JSON.stringify(l.params));
  console.log(sqlite.prepare('explain query plan ' + l.sql).all(...(l.params as unknown[])).map((r: any) => '   ' + r.detail).join('\n'));
}
