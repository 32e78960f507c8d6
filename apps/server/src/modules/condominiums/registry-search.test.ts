import { COUNT_CAP, SEARCH_COUNT_CAP } from '@stabile/contract';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteReader } from '../../db/connections.ts';
import { searchDocument } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { listCommonPartPage } from '../common-parts/common-part.repository.ts';
import { listCondominiums } from './condominium.repository.ts';

/*
 * The condominium and common-part searches over more matches than SEARCH_COUNT_CAP: the search's two
 * ways (every match known, or more than the cap walked in name order) give the same pages and totals
 * as sorting every match, and on SQLite the filtered lists and the search keep the plans of
 * migrations 0070 and 0071 (decision 0024).
 */

let t: TestApp;
let s: TestSession;
const N = 1300;
/** One in 11 in a "Piazza": more managed matches than the search's cap, yet sparse (under a tenth). */
const piazza = (id: number) => id % 11 === 0;
const names: Array<{ id: number; sort: string; gestito: boolean; rare: boolean; stato: number }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  const now = new Date().toISOString();
  const rows = [];
  for (let id = 1; id <= N; id++) {
    // Names not in id order; every condominium is in a "Via", one in 7 not managed, one in 50 in Lodi,
    // one in 13 with the payment account in state 2 (fewer than the search's cap once managed).
    const intestazione = `Condominio ${String((id * 7919) % 10007).padStart(5, '0')}`;
    const rare = id % 50 === 0;
    const gestito = id % 7 !== 0;
    const stato = id % 13 === 0 ? 2 : id % 2;
    const citta = rare ? 'Lodi' : 'Milano';
    names.push({ id, sort: searchDocument(intestazione), gestito, rare, stato });
    rows.push({
      archive_id: s.archiveId,
      id,
      codice: String(id).padStart(5, '0'),
      intestazione,
      intestazione_sort: searchDocument(intestazione),
      indirizzo: `${piazza(id) ? 'Piazza' : 'Via'} Verdi, ${id}`,
      cap: '20121',
      citta,
      provincia: rare ? 'LO' : 'MI',
      codice_fiscale: null,
      iban: null,
      bic: null,
      banca: null,
      email: null,
      pec: null,
      note: null,
      gestito: gestito ? 1 : 0,
      data_inizio_gestione: null,
      data_fine_gestione: null,
      numero_unita: 0,
      pid: null,
      portale_attivo: 0,
      stato_conto_pagamenti: stato,
      saldo_ts_pay_cents: null,
      saldo_ts_pay_at: null,
      search_doc: searchDocument(intestazione, `${piazza(id) ? 'Piazza' : 'Via'} Verdi, ${id}`, citta),
      created_at: now,
      updated_at: now,
      obj_version: 1,
    });
  }
  for (let i = 0; i < rows.length; i += 200) {
    await t.database.db
      .insertInto('condominiums')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  const parts = names.map(({ id }) => ({
    archive_id: s.archiveId,
    id,
    condominio_id: id,
    categoria: id % 4 === 0 ? 1 : 0,
    tipo: id % 4 === 0 ? 0 : 1,
    denominazione: `Ascensore ${String((id * 31) % 1301).padStart(4, '0')}`,
    denominazione_sort: `ascensore ${String((id * 31) % 1301).padStart(4, '0')}`,
    ubicazione: id % 50 === 0 ? 'Cortile interno' : 'Scala A',
    note: null,
    marca: null,
    modello: null,
    matricola: null,
    data_installazione: null,
    superficie_mq: null,
    search_doc: searchDocument(
      `Ascensore ${String((id * 31) % 1301).padStart(4, '0')}`,
      id % 50 === 0 ? 'Cortile interno' : 'Scala A',
    ),
    created_at: now,
    updated_at: now,
    obj_version: 1,
  }));
  for (let i = 0; i < parts.length; i += 200) {
    await t.database.db
      .insertInto('common_parts')
      .values(parts.slice(i, i + 200))
      .execute();
  }
  if (t.database.dialect === 'postgres') await sql`analyze`.execute(t.database.db);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const bySort = (a: { sort: string; id: number }, b: { sort: string; id: number }) =>
  a.sort < b.sort ? -1 : a.sort > b.sort ? 1 : a.id - b.id;

async function condominiums(
  search: string,
  extra: { statoContoPagamenti?: number; gestiti?: boolean } = {},
  offset = 0,
) {
  const page = await listCondominiums(t.database.db, t.database.dialect, s.archiveId, {
    gestiti: true,
    search,
    ...extra,
    offset,
    limit: 15,
  });
  return { ids: page.rows.map((r) => Number(r.id)), total: page.total, capped: page.capped };
}

describe('condominium search over more matches than the count cap', () => {
  it('a term in (almost) every condominium: pages in name order, the total capped', async () => {
    const managed = names.filter((n) => n.gestito).sort(bySort);
    expect(managed.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    const first = await condominiums('verdi');
    expect(first).toEqual({
      ids: managed.slice(0, 15).map((n) => n.id),
      total: SEARCH_COUNT_CAP,
      capped: true,
    });
    const third = await condominiums('via', {}, 30);
    const inVia = managed.filter((n) => !piazza(n.id));
    expect(third.ids).toEqual(inVia.slice(30, 45).map((n) => n.id));
  });

  it('a term in one condominium in eleven: more than the cap, each page as sorting every match gives', async () => {
    const expected = names.filter((n) => n.gestito && piazza(n.id)).sort(bySort);
    expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(await condominiums('piazza')).toEqual({
      ids: expected.slice(0, 15).map((n) => n.id),
      total: SEARCH_COUNT_CAP,
      capped: true,
    });
    expect((await condominiums('piazza', {}, 90)).ids).toEqual(expected.slice(90, 105).map((n) => n.id));
    // On SQLite the page comes from the word's entries (migration 0120), each row tested for the
    // filter: no statement sorts every match or walks the name order of the archive.
    const connection = sqliteReader(t.database.db);
    if (connection) {
      const statements: string[] = [];
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: connection }),
        log: (event) => {
          if (event.level === 'query') statements.push(event.query.sql);
        },
      });
      await listCondominiums(db, t.database.dialect, s.archiveId, {
        gestiti: true,
        search: 'piazza',
        offset: 0,
        limit: 15,
      });
      expect(statements).toHaveLength(4);
      expect(statements[2]).toMatch(
        /from "condominiums_word_starts" indexed by condominiums_word_starts_word_idx/,
      );
      expect(statements[2]).toMatch(/c\.gestito = 1/);
      expect(statements[3]).toMatch(/json_each/);
    }
  });

  it('with a filter that leaves fewer than the cap: the exact total and the filtered page', async () => {
    const expected = names.filter((n) => n.gestito && n.stato === 2).sort(bySort);
    expect(expected.length).toBeLessThan(SEARCH_COUNT_CAP);
    const page = await condominiums('verdi', { statoContoPagamenti: 2 });
    expect(page).toEqual({
      ids: expected.slice(0, 15).map((n) => n.id),
      total: expected.length,
      capped: false,
    });
    // A filter that leaves about half of them, more than the cap: pages as sorting every match gives.
    const half = names.filter((n) => n.gestito && n.stato === 1).sort(bySort);
    expect(half.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    for (const offset of [0, 45]) {
      expect(await condominiums('verdi', { statoContoPagamenti: 1 }, offset)).toEqual({
        ids: half.slice(offset, offset + 15).map((n) => n.id),
        total: SEARCH_COUNT_CAP,
        capped: true,
      });
    }
  });

  it('no filter, a sparse term above the cap: each page as sorting every match gives, the total capped', async () => {
    const expected = names.filter((n) => piazza(n.id)).sort(bySort);
    expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    for (const offset of [0, 15, 90, 105]) {
      expect(await condominiums('piazza', { gestiti: false }, offset)).toEqual({
        ids: expected.slice(offset, offset + 15).map((n) => n.id),
        total: SEARCH_COUNT_CAP,
        capped: true,
      });
    }
    const all = [...names].sort(bySort);
    expect(await condominiums('verdi', { gestiti: false }, 30)).toEqual({
      ids: all.slice(30, 45).map((n) => n.id),
      total: SEARCH_COUNT_CAP,
      capped: true,
    });
    // The count from the FTS index alone (no row read by key), then the words starting with "piazza"
    // (one), then the page from that word's entries (migration 0120), already in name order: no match
    // read by key and sorted.
    const connection = sqliteReader(t.database.db);
    if (connection) {
      const statements: string[] = [];
      const db = new Kysely<Database>({
        dialect: new SqliteDialect({ database: connection }),
        log: (event) => {
          if (event.level === 'query') statements.push(event.query.sql);
        },
      });
      await listCondominiums(db, t.database.dialect, s.archiveId, {
        gestiti: false,
        search: 'piazza',
        offset: 0,
        limit: 15,
      });
      expect(statements).toHaveLength(4);
      expect(statements[0]).not.toMatch(/cross join/);
      expect(statements[1]).toMatch(/from "condominiums_word_starts"/);
      expect(statements[2]).toMatch(
        /from "condominiums_word_starts" w indexed by condominiums_word_starts_word_idx/,
      );
      expect(statements.slice(1, 3).join()).not.toMatch(/_fts/);
      expect(statements[3]).toMatch(/json_each/);
    }
    const rare = names.filter((n) => n.rare).sort(bySort);
    expect(await condominiums('lodi', { gestiti: false })).toEqual({
      ids: rare.slice(0, 15).map((n) => n.id),
      total: rare.length,
      capped: false,
    });
  });

  it('no filter, a word start of the term only: the page from its range, every entry a match', async () => {
    // "pia" is the whole term: the page is the range itself. "verdi" past the cap, with a second term.
    const expected = names.filter((n) => piazza(n.id)).sort(bySort);
    expect(await condominiums('pia', { gestiti: false }, 15)).toEqual({
      ids: expected.slice(15, 30).map((n) => n.id),
      total: SEARCH_COUNT_CAP,
      capped: true,
    });
    const milanVerdi = names.filter((n) => !n.rare).sort(bySort);
    expect(await condominiums('verdi mil', { gestiti: false }, 60)).toEqual({
      ids: milanVerdi.slice(60, 75).map((n) => n.id),
      total: SEARCH_COUNT_CAP,
      capped: true,
    });
  });

  it('no filter: the word starts follow an insert, an update of the name or the words, a delete', async () => {
    const id = N + 1;
    const firstPiazza = async () => (await condominiums('piazza', { gestiti: false })).ids;
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('condominiums')
      .values({
        archive_id: s.archiveId,
        id,
        codice: 'X0001',
        intestazione: 'Aaa primo',
        intestazione_sort: 'aaa primo',
        indirizzo: 'Piazzale Piazza Duomo, 1',
        cap: '20121',
        citta: 'Milano',
        provincia: 'MI',
        codice_fiscale: null,
        iban: null,
        bic: null,
        banca: null,
        email: null,
        pec: null,
        note: null,
        gestito: 0,
        data_inizio_gestione: null,
        data_fine_gestione: null,
        numero_unita: 0,
        pid: null,
        portale_attivo: 0,
        stato_conto_pagamenti: 0,
        saldo_ts_pay_cents: null,
        saldo_ts_pay_at: null,
        search_doc: searchDocument('Aaa primo', 'Piazzale Piazza Duomo, 1', 'Milano'),
        created_at: now,
        updated_at: now,
        obj_version: 1,
      })
      .execute();
    const expected = names
      .filter((n) => piazza(n.id))
      .sort(bySort)
      .map((n) => n.id);
    try {
      // Once, though two of its words start with the term (the range of the start "pia", the term
      // standing for two words).
      expect(await firstPiazza()).toEqual([id, ...expected.slice(0, 14)]);
      expect((await condominiums('piazz', { gestiti: false }, 0)).ids).toEqual([
        id,
        ...expected.slice(0, 14),
      ]);
      const where = { archive_id: s.archiveId, id };
      const update = (values: { intestazione_sort?: string; search_doc?: string }) =>
        t.database.db
          .updateTable('condominiums')
          .set(values)
          .where('archive_id', '=', where.archive_id)
          .where('id', '=', where.id)
          .execute();
      await update({ intestazione_sort: 'zzz ultimo' });
      expect(await firstPiazza()).not.toContain(id);
      // Its words still start with "pia", but none with "piazza".
      await update({
        intestazione_sort: 'aaa primo',
        search_doc: searchDocument('Aaa primo', 'Via Pianoro, 1'),
      });
      expect(await firstPiazza()).toEqual(expected.slice(0, 15));
      await update({ search_doc: searchDocument('Aaa primo', 'Piazza Duomo, 1') });
      expect(await firstPiazza()).toEqual([id, ...expected.slice(0, 14)]);
    } finally {
      await t.database.db
        .deleteFrom('condominiums')
        .where('archive_id', '=', s.archiveId)
        .where('id', '=', id)
        .execute();
    }
    expect(await firstPiazza()).toEqual(expected.slice(0, 15));
  });

  it("any matches (search everything): on SQLite the newest from the FTS index, on PostgreSQL any from the GIN index, the total capped as the list's", async () => {
    const matches = names.filter((n) => piazza(n.id));
    const page = await listCondominiums(t.database.db, t.database.dialect, s.archiveId, {
      gestiti: false,
      search: 'piazza',
      anyMatches: true,
      offset: 0,
      limit: 5,
    });
    const ids = page.rows.map((r) => Number(r.id));
    if (t.database.dialect === 'sqlite') {
      const newest = [...matches].sort((a, b) => b.id - a.id);
      expect(ids).toEqual(newest.slice(0, 5).map((n) => n.id));
    } else {
      expect(new Set(ids).size).toBe(5);
      for (const id of ids) expect(matches.map((n) => n.id)).toContain(id);
    }
    expect(page).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    const rare = await listCondominiums(t.database.db, t.database.dialect, s.archiveId, {
      gestiti: false,
      search: 'lodi',
      anyMatches: true,
      offset: 0,
      limit: 5,
    });
    expect(rare.total).toBe(names.filter((n) => n.rare).length);
    expect(rare.rows).toHaveLength(5);
  });

  it('a rare term: every match, in name order, the exact total; none: an empty page', async () => {
    const expected = names.filter((n) => n.gestito && n.rare).sort(bySort);
    const page = await condominiums('lodi');
    expect(page).toEqual({
      ids: expected.slice(0, 15).map((n) => n.id),
      total: expected.length,
      capped: false,
    });
    expect(await condominiums('zzqx')).toEqual({ ids: [], total: 0, capped: false });
  });
});

describe('common-part search over more matches than the count cap', () => {
  const parts = () =>
    names.map(({ id }) => ({
      id,
      sort: `ascensore ${String((id * 31) % 1301).padStart(4, '0')}`,
      categoria: id % 4 === 0 ? 1 : 0,
      rare: id % 50 === 0,
    }));

  it('pages and totals of a frequent and a rare term, with and without the category', async () => {
    const list = (filters: { search: string; categoria?: number }, offset = 0) =>
      listCommonPartPage(t.database.db, t.database.dialect, s.archiveId, filters, { limit: 15, offset });
    const all = parts().sort(bySort);
    const frequent = await list({ search: 'ascensore' }, 15);
    expect(frequent.rows.map((r) => Number(r.id))).toEqual(all.slice(15, 30).map((p) => p.id));
    expect(frequent).toMatchObject({ totalCount: SEARCH_COUNT_CAP, capped: true });
    expect(frequent.rows[0]?.intestazione).toMatch(/^Condominio /);

    const environments = all.filter((p) => p.categoria === 1);
    const filtered = await list({ search: 'ascensore', categoria: 1 });
    expect(filtered.rows.map((r) => Number(r.id))).toEqual(environments.slice(0, 15).map((p) => p.id));
    expect(environments.length).toBeGreaterThan(SEARCH_COUNT_CAP);
    expect(filtered).toMatchObject({ totalCount: SEARCH_COUNT_CAP, capped: true });
    const rareEnvironments = environments.filter((p) => p.rare);
    const rareFiltered = await list({ search: 'cortile', categoria: 1 });
    expect(rareFiltered.rows.map((r) => Number(r.id))).toEqual(rareEnvironments.map((p) => p.id));
    expect(rareFiltered).toMatchObject({ totalCount: rareEnvironments.length, capped: false });

    const rare = all.filter((p) => p.rare);
    const courtyard = await list({ search: 'cortile int' });
    expect(courtyard.rows.map((r) => Number(r.id))).toEqual(rare.slice(0, 15).map((p) => p.id));
    expect(courtyard).toMatchObject({ totalCount: rare.length, capped: false });
  });
});

describe('plans (SQLite)', () => {
  async function plan(query: string): Promise<string> {
    if (t.database.dialect !== 'sqlite') return 'not sqlite';
    const rows = await sql<{ detail: string }>`${sql.raw(`explain query plan ${query}`)}`.execute(
      t.database.db,
    );
    return rows.rows.map((r) => r.detail).join(' | ');
  }
  const sqliteOnly = (detail: string, expected: RegExp) => {
    if (t.database.dialect === 'sqlite') expect(detail).toMatch(expected);
    else expect(detail).toBe('not sqlite');
  };

  it('a filtered registry page and its count read only the filter index', async () => {
    const a = s.archiveId;
    for (const [column, value] of [
      ['stato_conto_pagamenti', '2'],
      ['provincia', "'MI'"],
      ['portale_attivo', '1'],
      ['lower(citta)', "'milano'"],
    ]) {
      const page = await plan(
        `select id from condominiums where archive_id = ${a} and gestito = 1 and ${column} = ${value} order by intestazione_sort, id limit 15`,
      );
      sqliteOnly(
        page,
        /^SEARCH condominiums USING COVERING INDEX condominiums_\w+_idx \(archive_id=\? AND gestito=\? AND/,
      );
      sqliteOnly(page, /^(?!.*TEMP B-TREE)/);
    }
    const parts = await plan(
      `select id from common_parts where archive_id = ${a} and categoria = 1 order by denominazione_sort, id limit 15`,
    );
    sqliteOnly(parts, /^SEARCH common_parts USING COVERING INDEX common_parts_categoria_sort_idx/);
  });

  it('the search counts its matches by key from the covering index, and walks the name order when dense', async () => {
    const a = s.archiveId;
    const low = a * 4294967296;
    const byKey = `condominiums_fts f cross join condominiums c on c.archive_id = ${a} and c.id = f.rowid - ${low}
      where condominiums_fts match '"via"*' and f.rowid between ${low} and ${low + 4294967295} and c.gestito = 1`;
    const count = await plan(`select count(*) from (select 1 from ${byKey} limit ${SEARCH_COUNT_CAP + 1})`);
    sqliteOnly(
      count,
      /SCAN f VIRTUAL TABLE INDEX 0:M1>< \| SEARCH c USING COVERING INDEX condominiums_id_sort_idx/,
    );
    const known = await plan(`select c.id from ${byKey} order by c.intestazione_sort, c.id limit 15`);
    sqliteOnly(known, /SEARCH c USING COVERING INDEX condominiums_id_sort_idx/);
    // Without filters the count reads the FTS index alone (up to COUNT_CAP + 1), no row.
    const ftsOnly = await plan(
      `select count(*) from (select f.rowid from condominiums_fts f where condominiums_fts match '"piazza"*' and f.rowid between ${low} and ${low + 4294967295} limit ${COUNT_CAP + 1})`,
    );
    sqliteOnly(ftsOnly, /^(CO-ROUTINE \S+ \| )?SCAN f VIRTUAL TABLE INDEX 0:M1><( \| SCAN \S+)?$/);
    const dense = await plan(
      `select c.id from condominiums c where c.archive_id = ${a} and c.gestito = 1 and instr(c.search_doc, 'via') > 0 order by c.intestazione_sort, c.id limit 15`,
    );
    sqliteOnly(dense, /^SEARCH c USING INDEX condominiums_gestito_idx \(archive_id=\? AND gestito=\?\)$/);
  });
});
