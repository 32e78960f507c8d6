import { interventionDisplay, isoDateToday } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCounter } from '../../db/ids.ts';
import { seedArchiveContent } from '../../seed/archive-content.ts';
import { Rng } from '../../seed/random.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium, insertRegistryRow } from './activity.fixtures.ts';
import { stateCounter } from './activity.repository.ts';
import { seedActivities } from './activity.seed.ts';

let t: TestApp;
let s: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  await seedArchiveContent(t.database.db, s.archiveId, { scale: 1, seed: 1 });
}, 120_000);
afterAll(() => t.close());

const db = () => t.database.db;

describe('the demo activities', () => {
  it('cover every state, priority and type, with counters that match', async () => {
    const rows = await db()
      .selectFrom('activities')
      .selectAll()
      .where('archive_id', '=', s.archiveId)
      .execute();
    expect(rows.length).toBe(400);
    expect(new Set(rows.map((r) => r.stato))).toEqual(new Set([0, 1, 2, 3]));
    expect(new Set(rows.map((r) => r.priorita))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(rows.map((r) => Number(r.tipo_segnalaz_id))).size).toBe(8);
    for (const g of [0, 1, 2]) {
      expect(await readCounter(db(), s.archiveId, stateCounter(g))).toBe(
        rows.filter((r) => r.stato_gruppo === g).length,
      );
    }
  });

  it('have interventions in every display state and assignments in every state', async () => {
    const interventions = await db()
      .selectFrom('interventions')
      .selectAll()
      .where('archive_id', '=', s.archiveId)
      .execute();
    const today = isoDateToday();
    const kinds = new Set(
      interventions.map((i) => {
        const d = interventionDisplay(
          { dataPrevista: i.data_prevista, dataEsecuzione: i.data_esecuzione },
          today,
        );
        return d.kind === 'done'
          ? `done${Math.min(d.days, 2)}`
          : d.kind === 'planned'
            ? `planned${d.days === 0 ? 0 : 1}`
            : d.kind;
      }),
    );
    expect(kinds).toEqual(new Set(['planned0', 'planned1', 'undefined', 'late', 'done0', 'done1', 'done2']));
    const assignments = await db()
      .selectFrom('supplier_assignments')
      .select('stato')
      .where('archive_id', '=', s.archiveId)
      .execute();
    expect(new Set(assignments.map((a) => a.stato))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    const messages = await db()
      .selectFrom('supplier_assignment_messages')
      .select('autore')
      .where('archive_id', '=', s.archiveId)
      .execute();
    expect(new Set(messages.map((m) => m.autore))).toEqual(new Set(['amministratore', 'fornitore']));
  });

  it('are served by the list, the search and the home page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/attivita?stato=1', headers: s.headers });
    expect(res.json().data).toHaveLength(15);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/attivita?searchQuery=perdita',
      headers: s.headers,
    });
    expect(search.json().data.length).toBeGreaterThan(0);
    const home = await t.app.inject({ method: 'GET', url: '/api/home', headers: s.headers });
    expect(home.json().data.urgenti.length).toBeGreaterThan(0);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/attivita/${res.json().data[0].id}`,
      headers: s.headers,
    });
    expect(detail.statusCode).toBe(200);
  });

  it('takes a fast path for a large archive', async () => {
    const large = await createTestSession(t);
    const refs = { condominiumIds: [] as number[], personIds: [] as number[], providerIds: [] as number[] };
    for (let i = 0; i < 5; i++) {
      refs.condominiumIds.push(await insertCondominium(db(), large.archiveId, `Condominio ${i}`));
      refs.personIds.push(await insertRegistryRow(db(), 'persons', large.archiveId, `Persona ${i}`));
      refs.providerIds.push(await insertRegistryRow(db(), 'providers', large.archiveId, `Fornitore ${i}`));
    }
    const ctx = {
      db: db(),
      archiveId: large.archiveId,
      rng: new Rng(5),
      scale: 0,
      today: new Date(),
      dialect: t.database.dialect,
      large: true,
      activities: 12_000,
    };
    await seedActivities(ctx, refs);
    const n = await db()
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('archive_id', '=', large.archiveId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(12_000);
    let counted = 0;
    for (const g of [0, 1, 2]) counted += await readCounter(db(), large.archiveId, stateCounter(g));
    expect(counted).toBe(12_000);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/attivita?stato=1&priorita=4',
      headers: large.headers,
    });
    expect(res.statusCode).toBe(200);
  }, 60_000);
});
