import { EventType, interventionDisplay, isoDateToday } from '@stabile/contract';
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

/** The date in Italy of a moment: what the activities' dates are. */
const dayInItaly = (iso: string) => isoDateToday(new Date(iso));

/** The rows by key, each list in the rows' order. */
function groupedBy<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * What is wrong with the histories of an archive's demo activities at the moment `now`: events out of
 * order, in the future, before the opening or after the closure, replies before their activity.
 */
async function timelineProblems(archiveId: number, now: string) {
  const activities = await db()
    .selectFrom('activities')
    .select(['id', 'data_apertura', 'data_chiusura', 'stato_gruppo'])
    .where('archive_id', '=', archiveId)
    .execute();
  const events = await db()
    .selectFrom('activity_events')
    .select(['attivita_id', 'tipo', 'testo', 'data'])
    .where('archive_id', '=', archiveId)
    .orderBy('id')
    .execute();
  const byActivity = groupedBy(events, (e) => Number(e.attivita_id));
  const problems: string[] = [];
  for (const a of activities) {
    const timeline = byActivity.get(Number(a.id)) ?? [];
    const dates = timeline.map((e) => e.data);
    if (timeline[0]?.testo !== 'Attività aperta') problems.push(`${a.id}: does not start with the opening`);
    if (dates.some((d, k) => k > 0 && d < (dates[k - 1] as string)))
      problems.push(`${a.id}: events out of order`);
    if (dates.some((d) => d > now)) problems.push(`${a.id}: an event in the future`);
    if (dates.some((d) => dayInItaly(d) < a.data_apertura))
      problems.push(`${a.id}: an event before the opening`);
    if (timeline.filter((e) => e.tipo === EventType.InitialDescription).length !== 1)
      problems.push(`${a.id}: not one initial description`);
    if (a.data_chiusura && dates.some((d) => dayInItaly(d) > (a.data_chiusura as string)))
      problems.push(`${a.id}: an event after the closure`);
  }
  const opened = new Map(
    activities.map((a) => [Number(a.id), byActivity.get(Number(a.id))?.[0]?.data ?? '']),
  );
  const messages = await db()
    .selectFrom('supplier_assignment_messages')
    .select(['intervento_id', 'attivita_id', 'autore', 'data'])
    .where('archive_id', '=', archiveId)
    .orderBy('id')
    .execute();
  const byIntervention = groupedBy(messages, (m) => Number(m.intervento_id));
  for (const [id, list] of byIntervention) {
    const dates = list.map((m) => m.data);
    if (dates.some((d, k) => k > 0 && d < (dates[k - 1] as string)))
      problems.push(`intervention ${id}: messages out of order`);
    if (dates.some((d) => d > now)) problems.push(`intervention ${id}: a reply from the future`);
    if ((dates[0] as string) < (opened.get(Number(list[0]?.attivita_id)) ?? ''))
      problems.push(`intervention ${id}: a request before its activity was opened`);
  }
  return { problems, messages: messages.length };
}

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

  it('have their interventions planned and done within the life of their activity', async () => {
    const rows = await db()
      .selectFrom('interventions as i')
      .innerJoin('activities as a', (join) =>
        join.onRef('a.archive_id', '=', 'i.archive_id').onRef('a.id', '=', 'i.attivita_id'),
      )
      .select(['a.id', 'a.data_apertura', 'a.data_chiusura', 'i.data_prevista', 'i.data_esecuzione'])
      .where('i.archive_id', '=', s.archiveId)
      .execute();
    expect(rows.length).toBeGreaterThan(100);
    const outside = rows.filter((r) =>
      [r.data_prevista, r.data_esecuzione].some(
        (day) =>
          day !== null &&
          (day < r.data_apertura.slice(0, 10) ||
            (r.data_chiusura !== null && day > r.data_chiusura.slice(0, 10))),
      ),
    );
    expect(outside).toEqual([]);
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

  it('tell histories that could have happened: every timeline in order and in the past', async () => {
    const now = new Date().toISOString();
    const { problems, messages } = await timelineProblems(s.archiveId, now);
    expect(problems).toEqual([]);
    expect(messages).toBeGreaterThan(10);

    // Home lists each reply once.
    const home = (await t.app.inject({ method: 'GET', url: '/api/home', headers: s.headers })).json().data;
    const replies = home.risposteFornitori.map(
      (r: { interventoID: number; data: string }) => `${r.interventoID}@${r.data}`,
    );
    expect(new Set(replies).size).toBe(replies.length);
    expect(home.risposteFornitori.every((r: { data: string }) => r.data <= now)).toBe(true);
  });

  it('tell such histories when seeded late in the evening, when Italy is already a day ahead of UTC', async () => {
    // 23:30 UTC in winter, 22:30 UTC in summer: already tomorrow in Italy, whose dates the activities have.
    for (const now of ['2026-11-27T23:30:00.000Z', '2026-06-30T22:30:00.000Z']) {
      const late = await createTestSession(t);
      await seedArchiveContent(db(), late.archiveId, { scale: 1, seed: 1, today: new Date(now) });
      const { problems } = await timelineProblems(late.archiveId, now);
      expect(problems, now).toEqual([]);
    }
  }, 120_000);

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
