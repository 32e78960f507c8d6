import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

/**
 * The tenant rule of the architecture, checked on the live schema after every migration: a table
 * with an `archive_id` column is owned by an archive, so its primary key, every unique constraint,
 * every index and every foreign key must lead with `archive_id` (that is what lets one archive's
 * rows stay together and the schema be distributed by archive). Exceptions, each for a reason:
 * - a foreign key to a table without `archive_id` (archives itself, accounts, sessions: shared
 *   reference tables) cannot lead with it;
 * - full-text indexes: SQLite FTS5 virtual tables (and their shadow tables) have no archive_id
 *   (their rowid packs archive_id and id), and the PostgreSQL GIN index on
 *   `to_tsvector(search_doc)`, or on the column `search_vector` that stores it, is their equivalent.
 */

interface Violation {
  table: string;
  what: string;
}

interface ArchiveTable {
  name: string;
  columns: string[];
}

type AnyDb = Kysely<Record<string, never>>;

async function sqliteViolations(db: AnyDb): Promise<{ tables: ArchiveTable[]; violations: Violation[] }> {
  const all = await sql<{ name: string; sql: string | null }>`
    select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
  const virtual = new Set(
    all.rows.filter((t) => /create virtual table/i.test(t.sql ?? '')).map((t) => t.name),
  );
  const isFtsShadow = (name: string) => [...virtual].some((v) => name.startsWith(`${v}_`));
  const columnsOf = async (table: string) =>
    (await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db))
      .rows;

  const tables: ArchiveTable[] = [];
  const archiveTableNames = new Set<string>();
  const violations: Violation[] = [];
  for (const { name } of all.rows) {
    if (virtual.has(name) || isFtsShadow(name)) continue;
    const columns = await columnsOf(name);
    if (!columns.some((c) => c.name === 'archive_id')) continue;
    archiveTableNames.add(name);
    tables.push({ name, columns: columns.map((c) => c.name) });

    const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    if (pk[0]?.name !== 'archive_id') {
      violations.push({ table: name, what: `chiave primaria (${pk.map((c) => c.name).join(', ')})` });
    }

    const indexes = await sql<{ name: string; origin: string }>`
      select name, origin from pragma_index_list(${name})`.execute(db);
    for (const idx of indexes.rows) {
      const cols = await sql<{ seqno: number; name: string | null }>`
        select seqno, name from pragma_index_info(${idx.name}) order by seqno`.execute(db);
      if (cols.rows[0]?.name !== 'archive_id') {
        violations.push({
          table: name,
          what: `indice ${idx.name} (${cols.rows.map((c) => c.name ?? '<espressione>').join(', ')})`,
        });
      }
    }
  }

  for (const table of tables) {
    const fks = await sql<{ id: number; seq: number; table: string; from: string }>`
      select id, seq, "table", "from" from pragma_foreign_key_list(${table.name}) order by id, seq`.execute(
      db,
    );
    const byId = new Map<number, { target: string; from: string[] }>();
    for (const fk of fks.rows) {
      const entry = byId.get(fk.id) ?? { target: fk.table, from: [] };
      entry.from.push(fk.from);
      byId.set(fk.id, entry);
    }
    for (const fk of byId.values()) {
      const targetColumns = (await columnsOf(fk.target)).map((c) => c.name);
      const targetIsShared = !targetColumns.includes('archive_id');
      if (fk.from[0] !== 'archive_id' && !targetIsShared) {
        violations.push({
          table: table.name,
          what: `chiave esterna (${fk.from.join(', ')}) -> ${fk.target}`,
        });
      }
    }
  }
  return { tables, violations };
}

async function postgresViolations(db: AnyDb): Promise<{ tables: ArchiveTable[]; violations: Violation[] }> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const row of columns.rows) {
    byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  }
  const tables = [...byTable.entries()]
    .filter(([, cols]) => cols.includes('archive_id'))
    .map(([name, cols]) => ({ name, columns: cols }));
  const archiveTableNames = new Set(tables.map((t) => t.name));
  const violations: Violation[] = [];

  // Every index (primary keys and unique constraints are indexes too) with its first key column
  // (null for an expression) and access method.
  const indexes = await sql<{
    table_name: string;
    index_name: string;
    first_column: string | null;
    method: string;
    definition: string;
  }>`
    select tbl.relname as table_name, idx.relname as index_name, att.attname as first_column,
           am.amname as method, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class idx on idx.oid = i.indexrelid
    join pg_class tbl on tbl.oid = i.indrelid
    join pg_namespace ns on ns.oid = tbl.relnamespace
    join pg_am am on am.oid = idx.relam
    left join pg_attribute att on att.attrelid = tbl.oid and att.attnum = i.indkey[0]
    where ns.nspname = current_schema()`.execute(db);
  for (const idx of indexes.rows) {
    if (!archiveTableNames.has(idx.table_name)) continue;
    const fullText = idx.method === 'gin' && /to_tsvector|\(search_vector\)/.test(idx.definition);
    if (idx.first_column !== 'archive_id' && !fullText) {
      violations.push({ table: idx.table_name, what: `indice ${idx.index_name}: ${idx.definition}` });
    }
  }

  const fks = await sql<{ table_name: string; name: string; first_column: string; target: string }>`
    select tbl.relname as table_name, con.conname as name, att.attname as first_column,
           target.relname as target
    from pg_constraint con
    join pg_class tbl on tbl.oid = con.conrelid
    join pg_class target on target.oid = con.confrelid
    join pg_namespace ns on ns.oid = tbl.relnamespace
    join pg_attribute att on att.attrelid = tbl.oid and att.attnum = con.conkey[1]
    where con.contype = 'f' and ns.nspname = current_schema()`.execute(db);
  for (const fk of fks.rows) {
    if (!archiveTableNames.has(fk.table_name)) continue;
    const targetIsShared = !(byTable.get(fk.target) ?? []).includes('archive_id');
    if (fk.first_column !== 'archive_id' && !targetIsShared) {
      violations.push({ table: fk.table_name, what: `chiave esterna ${fk.name} -> ${fk.target}` });
    }
  }

  const pks = await sql<{ table_name: string }>`
    select tbl.relname as table_name from pg_constraint con
    join pg_class tbl on tbl.oid = con.conrelid
    join pg_namespace ns on ns.oid = tbl.relnamespace
    where con.contype = 'p' and ns.nspname = current_schema()`.execute(db);
  const withPk = new Set(pks.rows.map((r) => r.table_name));
  for (const table of tables) {
    if (!withPk.has(table.name)) violations.push({ table: table.name, what: 'nessuna chiave primaria' });
  }
  return { tables, violations };
}

describe('regola archive_id sullo schema reale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('ogni chiave, indice e chiave esterna delle tabelle di un archivio inizia con archive_id', async () => {
    const db = t.database.db as unknown as AnyDb;
    const { tables, violations } =
      t.database.dialect === 'sqlite' ? await sqliteViolations(db) : await postgresViolations(db);
    // The rule must have something to check: the archive data model is there.
    const names = tables.map((table) => table.name);
    expect(names).toEqual(
      expect.arrayContaining(['archive_users', 'persons', 'condominiums', 'attachments']),
    );
    expect(violations).toEqual([]);
  });

  it('in ogni tabella di un archivio archive_id è la prima colonna', async () => {
    const db = t.database.db as unknown as AnyDb;
    const { tables } =
      t.database.dialect === 'sqlite' ? await sqliteViolations(db) : await postgresViolations(db);
    const notFirst = tables.filter((table) => table.columns[0] !== 'archive_id').map((table) => table.name);
    expect(notFirst).toEqual([]);
  });
});
