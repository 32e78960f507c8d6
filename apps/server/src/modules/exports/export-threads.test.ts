import { once } from 'node:events';
import { get, type IncomingMessage, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fornitoreCreateSchema, InstalmentType } from '@stabile/contract';
import { type Insertable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { createInstalmentFixture } from '../instalments/instalment.fixtures.ts';
import { registrySearchDoc, sortKey, toRegistryValues } from '../people/people.mapper.ts';
import { insertRegistryBatch } from '../people/registry.repository.ts';
import { EXPORT_CONNECTION_NAME } from './export-jobs.ts';

/** Enough rows that writing them keeps a thread busy for a while, and outgrow the socket's buffers. */
const ROWS = 20_000;
const LONG = 'Via dei Mille, scala B, interno 12 — presso lo studio amministrativo '.repeat(4);

/** Units of one exercise, each a group of the instalments grouped by unit, with 4 instalments. */
const UNITS = 3_000;
const PLAN = ['2026-01-31', '2026-04-30', '2026-07-31', '2099-10-31'];

let t: TestApp;
let session: TestSession;
/** Another archive's session: the instalments' fixture adds contacts of its own. */
let payer: TestSession;
let baseURL: string;
let esercizioId: number;

/** Many more units in the fixture's exercise, each held by its first registry and owing 4 instalments. */
async function addUnits(condominioId: number, esercizio: number, anagraficaId: number): Promise<void> {
  const db = t.database.db;
  const a = payer.archiveId;
  const now = new Date().toISOString();
  const firstUnit = await nextId(db, a, 'units', UNITS);
  const firstRole = await nextId(db, a, 'registry_units', UNITS);
  const firstInstalment = await nextId(db, a, 'instalments', UNITS * PLAN.length);
  const units: Insertable<Database['units']>[] = [];
  const roles: Insertable<Database['registry_units']>[] = [];
  const instalments: Insertable<Database['instalments']>[] = [];
  for (let i = 0; i < UNITS; i++) {
    const unitId = firstUnit + i;
    units.push({
      archive_id: a,
      id: unitId,
      condominio_id: condominioId,
      esercizio_id: esercizio,
      palazzina_id: null,
      gruppo_id: null,
      descrizione: `Box ${String(i).padStart(4, '0')}`,
      tipo: 'Box',
      scala: null,
      piano: null,
      interno: null,
      ordine: 100 + i,
      sezione: null,
      foglio: null,
      particella: null,
      subalterno: null,
      categoria_catastale: 'C/6',
      millesimi_proprieta: 1,
      obj_version: 1,
    });
    roles.push({
      archive_id: a,
      id: firstRole + i,
      esercizio_id: esercizio,
      anagrafica_id: anagraficaId,
      unita_id: unitId,
      ruolo: 'Proprietario',
      quota: 10000,
      data_inizio: null,
      data_fine: null,
      obj_version: 1,
    });
    PLAN.forEach((due, n) => {
      instalments.push({
        archive_id: a,
        id: firstInstalment + i * PLAN.length + n,
        condominio_id: condominioId,
        esercizio_id: esercizio,
        anagrafica_id: anagraficaId,
        unita_id: unitId,
        tipo: InstalmentType.Preventive,
        numero: n + 1,
        descrizione: `${n + 1}ª rata preventivo`,
        data_scadenza: due,
        importo_cents: 2500,
        versato_cents: 0,
        created_at: now,
        obj_version: 1,
      });
    });
  }
  await db.transaction().execute(async (trx) => {
    for (const [table, rows] of [
      ['units', units],
      ['registry_units', roles],
      ['instalments', instalments],
    ] as const) {
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto(table as 'units')
          .values(rows.slice(i, i + 500) as Insertable<Database['units']>[])
          .execute();
      }
    }
  });
}

beforeAll(async () => {
  // On a file: the export's thread opens a connection of its own (a database in memory cannot be).
  t = await buildTestApp({}, undefined, undefined, { sqliteOnDisk: true });
  session = await createTestSession(t);
  const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const descr = `Contatto ${String(i).padStart(5, '0')}`;
    const values = { ...base, descr, indirizzo: LONG, citta: 'Milano' };
    return { ...values, descr_sort: sortKey(descr), search_doc: registrySearchDoc(values) };
  });
  await insertRegistryBatch(t.database.db, 'persons', session.archiveId, rows, new Date().toISOString());
  payer = await createTestSession(t);
  const f = await createInstalmentFixture(t, payer);
  esercizioId = f.esercizioId;
  await addUnits(f.condominioId, f.esercizioId, f.registries[0] as number);
  baseURL = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The export of the contacts over a connection of its own (closed after it, or to go away). */
function getExport(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(`${baseURL}/api/persona/esporta?formato=csv`, { headers: session.headers, agent: false }, resolve).on(
      'error',
      reject,
    );
  });
}

/** The export of the instalment groups of the exercise by unit (a POST, as the list's filters are a body). */
function postInstalmentsExport(): Promise<IncomingMessage> {
  const body = JSON.stringify({ esercizioID: esercizioId, tipo: 2 });
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseURL}/api/rata/esporta?formato=csv`,
      {
        method: 'POST',
        headers: { ...payer.headers, 'content-type': 'application/json' },
        agent: false,
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function textOf(res: IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let text = '';
  for await (const piece of res) text += piece;
  return text;
}

/** Starts an export, reads its first piece and goes away (closes the connection). */
async function abandonExport(whileReading: () => Promise<void>, open = getExport): Promise<void> {
  const res = await open();
  expect(res.statusCode).toBe(200);
  const [first] = (await once(res, 'data')) as [Buffer];
  expect(first.length).toBeGreaterThan(0);
  await whileReading();
  res.destroy();
}

/** PostgreSQL: the connections the export threads have open. */
async function exportConnections(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity where application_name = ${EXPORT_CONNECTION_NAME}`.execute(
    t.database.db,
  );
  return rows[0]?.n ?? 0;
}

/** While an abandoned export reads: on PostgreSQL its thread has its own connection open. */
async function reading(): Promise<void> {
  if (t.database.dialect === 'postgres') expect(await exportConnections()).toBeGreaterThan(0);
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('a long export', () => {
  it('is written off the thread that answers requests, and arrives whole', async () => {
    const before = performance.eventLoopUtilization();
    const res = await getExport();
    const text = await textOf(res);
    const busy = performance.eventLoopUtilization(before);
    expect(res.statusCode).toBe(200);
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]?.startsWith('Contatto 00000;')).toBe(true);
    expect(lines[ROWS]?.startsWith(`Contatto ${ROWS - 1};`)).toBe(true);
    // Reading, formatting and writing the rows on this thread kept its event loop busy throughout
    // (every other request of the process waited behind it); from a worker thread this thread only
    // passes the pieces on.
    expect(busy.utilization).toBeLessThan(0.5);
  }, 60_000);

  it('stops when the caller goes away and gives its thread and connection back', async () => {
    const postgres = t.database.dialect === 'postgres';
    // As many abandoned exports as the process runs at once: a thread kept busy would leave none.
    await abandonExport(reading);
    await abandonExport(reading);
    if (postgres) expect(await until(async () => (await exportConnections()) === 0)).toBe(true);
    const res = await getExport();
    expect(res.statusCode).toBe(200);
    expect((await textOf(res)).split('\r\n').filter((line) => line !== '')).toHaveLength(ROWS + 1);
  }, 60_000);

  it('writes the instalment groups in a thread too: the list service page by page, whole', async () => {
    const before = performance.eventLoopUtilization();
    const res = await postInstalmentsExport();
    const text = await textOf(res);
    const busy = performance.eventLoopUtilization(before);
    expect(res.statusCode).toBe(200);
    const lines = text.split('\r\n').filter((line) => line !== '');
    // The header, the fixture's three flats, then the boxes in their order.
    expect(lines).toHaveLength(1 + 3 + UNITS);
    expect(
      lines[4]?.startsWith('Box 0000;Rossi Mario (Proprietario);Preventivo;100,00;0,00;100,00;75,00;'),
    ).toBe(true);
    expect(lines[3 + UNITS]?.startsWith(`Box ${UNITS - 1};`)).toBe(true);
    expect(busy.utilization).toBeLessThan(0.5);
  }, 60_000);

  it('stops an abandoned instalments export and gives its connection back', async () => {
    const postgres = t.database.dialect === 'postgres';
    await abandonExport(reading, postInstalmentsExport);
    await abandonExport(reading, postInstalmentsExport);
    if (postgres) expect(await until(async () => (await exportConnections()) === 0)).toBe(true);
    const res = await postInstalmentsExport();
    expect(res.statusCode).toBe(200);
    expect((await textOf(res)).split('\r\n').filter((line) => line !== '')).toHaveLength(1 + 3 + UNITS);
  }, 60_000);
});
