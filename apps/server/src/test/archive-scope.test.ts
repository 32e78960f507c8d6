import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import {
  ArchiveScopeRecorder,
  archiveTablesOf,
  rawScopeViolations,
  scopeViolations,
} from './archive-scope.ts';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let tables: Set<string>;
beforeAll(async () => {
  handle = createDatabase({ dataDir: '.', sqliteFile: ':memory:' });
  db = handle.db;
  await migrateToLatest(db);
  tables = await archiveTablesOf(db, 'sqlite');
});
afterAll(() => handle.destroy());

const check = (query: { toOperationNode(): unknown }) =>
  scopeViolations(query.toOperationNode() as Parameters<typeof scopeViolations>[0], tables).map(
    (v) => `${v.table} as ${v.as}`,
  );

describe('the archive tables', () => {
  it('come from the schema: those with an archive_id column', () => {
    expect(tables.has('activities')).toBe(true);
    expect(tables.has('persons')).toBe(true);
    expect(tables.has('archives')).toBe(false);
    expect(tables.has('accounts')).toBe(false);
  });
});

describe('a query on an archive table', () => {
  it('with its archive in the WHERE passes', () => {
    expect(
      check(db.selectFrom('persons').selectAll().where('archive_id', '=', 1).where('id', '=', 2)),
    ).toEqual([]);
    expect(check(db.updateTable('persons').set({ descr: 'x' }).where('persons.archive_id', '=', 1))).toEqual(
      [],
    );
    expect(check(db.deleteFrom('persons as p').where('p.archive_id', '=', 1))).toEqual([]);
    expect(check(db.selectFrom('persons').selectAll().where(sql<boolean>`archive_id = ${1}`))).toEqual([]);
  });

  it('without it fails, naming the table', () => {
    expect(check(db.selectFrom('persons').selectAll().where('id', '=', 2))).toEqual(['persons as persons']);
    expect(check(db.updateTable('persons as p').set({ descr: 'x' }).where('p.id', '=', 2))).toEqual([
      'persons as p',
    ]);
    expect(check(db.deleteFrom('persons').where('id', '=', 2))).toEqual(['persons as persons']);
  });

  it('a joined table needs its own archive predicate, in the ON or the WHERE', () => {
    const base = db.selectFrom('activities as a').where('a.archive_id', '=', 1);
    expect(check(base.innerJoin('persons as p', 'p.id', 'a.id').selectAll())).toEqual(['persons as p']);
    expect(
      check(
        base
          .innerJoin('persons as p', (join) =>
            join.onRef('p.archive_id', '=', 'a.archive_id').onRef('p.id', '=', 'a.id'),
          )
          .selectAll(),
      ),
    ).toEqual([]);
  });

  it('a predicate inside a subquery does not scope the outer query', () => {
    const inner = db.selectFrom('persons').select('id').where('archive_id', '=', 1);
    expect(check(db.selectFrom('activities').selectAll().where('id', 'in', inner))).toEqual([
      'activities as activities',
    ]);
    const unscopedInner = db.selectFrom('persons').select('id');
    expect(
      check(
        db.selectFrom('activities').selectAll().where('archive_id', '=', 1).where('id', 'in', unscopedInner),
      ),
    ).toEqual(['persons as persons']);
  });

  it('SQL written by hand inside a query is read from its text', () => {
    const scoped = sql`(select id from activities where archive_id = ${1} order by id desc limit 10)`;
    expect(check(db.selectFrom(scoped.as('a')).selectAll())).toEqual([]);
    const unscoped = sql`(select id from activities order by id desc limit 10)`;
    expect(check(db.selectFrom(unscoped.as('a')).selectAll())).toEqual(['activities as activities']);
    const joined = sql<boolean>`exists (select 1 from persons p where p.id = ${sql.ref('a.id')})`;
    expect(
      check(db.selectFrom('activities as a').selectAll().where('a.archive_id', '=', 1).where(joined)),
    ).toEqual(['persons as p']);
    const withRef = sql<boolean>`exists (select 1 from persons p where ${sql.ref('p.archive_id')} = ${1})`;
    expect(
      check(db.selectFrom('activities as a').selectAll().where('a.archive_id', '=', 1).where(withRef)),
    ).toEqual([]);
  });

  it('raw statements are read from their text', () => {
    const raw = (text: string) => rawScopeViolations(text, tables).map((v) => `${v.table} as ${v.as}`);
    expect(raw('select * from persons p where p.archive_id = ? and p.id = ?')).toEqual([]);
    expect(raw('select * from persons where archive_id = ?')).toEqual([]);
    expect(raw('select * from persons p join activities a on a.id = p.id where p.archive_id = ?')).toEqual([
      'activities as a',
    ]);
    expect(raw('update persons set descr = ? where id = ?')).toEqual(['persons as persons']);
    expect(raw('select * from archives where id = ?')).toEqual([]);
  });
});

describe('the recorder, as a plugin', () => {
  it('reports a query of the system without its archive, with its SQL and where it was written', async () => {
    const recorder = new ArchiveScopeRecorder({ checkTests: true });
    const checked = createDatabase({ dataDir: '.', sqliteFile: ':memory:', plugins: [recorder] });
    try {
      await migrateToLatest(checked.db);
      recorder.start(await archiveTablesOf(checked.db, 'sqlite'), checked.db);
      await checked.db.selectFrom('persons').selectAll().where('archive_id', '=', 1).execute();
      expect(recorder.report()).toBeUndefined();
      await checked.db.selectFrom('persons').select('descr').where('id', '=', 1).execute();
      await sql`select descr from persons where id = ${1}`.execute(checked.db);
      const report = recorder.report() ?? '';
      expect(report).toContain(
        'persons (as persons) without archive_id, written at test/archive-scope.test.ts:',
      );
      expect(report).toContain('select "descr" from "persons" where "id" = ?');
      expect(report).toContain('select descr from persons where id = ?');
    } finally {
      await checked.destroy();
    }
  });
});
