import {
  AssignmentState,
  businessDayStart,
  defaultActivityTypes,
  EventAuthor,
  EventType,
  isoDateToday,
  ServiceType,
  stateGroupOf,
} from '@stabile/contract';
import { type Kysely, sql } from 'kysely';
import { searchDocument } from '../../db/dialect.ts';
import { addToCounter, readCounter } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { insertRows, reserveIds } from '../../seed/batch.ts';
import type { SeedContext } from '../../seed/context.ts';
import { ALL_ACTIVITY_TEMPLATES, NOTE_TEXTS, OPERATORS } from '../../seed/italian-data.ts';
import { addDays, type Rng } from '../../seed/random.ts';
import { recount } from './activity.repository.ts';
import type {
  ActivityEventRow,
  ActivityRow,
  InterventionRow,
  SupplierAssignmentMessageRow,
  SupplierAssignmentRow,
} from './activity.table.ts';

export interface ActivitySeedRefs {
  condominiumIds: number[];
  personIds: number[];
  providerIds: number[];
}

/** Activities of the full demo archive (scale 1). */
const DEMO_ACTIVITIES = 400;
const LARGE_CHUNK = 10_000;

interface Names {
  condominiums: Map<number, string>;
  providers: Map<number, { descr: string; email: string | null }>;
}

async function loadNames(db: Kysely<Database>, archiveId: number, refs: ActivitySeedRefs): Promise<Names> {
  const condominiums = new Map<number, string>();
  const providers = new Map<number, { descr: string; email: string | null }>();
  const condoRows = await db
    .selectFrom('condominiums')
    .select(['id', 'intestazione'])
    .where('archive_id', '=', archiveId)
    .execute();
  for (const r of condoRows) condominiums.set(Number(r.id), r.intestazione);
  const providerRows = await db
    .selectFrom('providers')
    .select(['id', 'descr', 'email', 'pec'])
    .where('archive_id', '=', archiveId)
    .execute();
  for (const r of providerRows) providers.set(Number(r.id), { descr: r.descr, email: r.email ?? r.pec });
  for (const id of refs.condominiumIds) if (!condominiums.has(id)) condominiums.set(id, `Condominio ${id}`);
  return { condominiums, providers };
}

async function ensureTypes(db: Kysely<Database>, ctx: SeedContext): Promise<void> {
  const existing = await db
    .selectFrom('activity_types')
    .select('id')
    .where('archive_id', '=', ctx.archiveId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return;
  await insertRows(
    db,
    ctx.dialect,
    'activity_types',
    defaultActivityTypes.map((t) => ({
      archive_id: ctx.archiveId,
      id: t.id,
      descr: t.descr,
      descr_sort: searchDocument(t.descr),
    })),
  );
  if ((await readCounter(db, ctx.archiveId, 'activity_types')) < defaultActivityTypes.length) {
    await addToCounter(db, ctx.archiveId, 'activity_types', defaultActivityTypes.length);
  }
}

/**
 * Demo activities: every state, priority and type; events and notes; interventions in every
 * display state (planned, today, undefined, late, done today / yesterday / days ago); supplier
 * assignments in every state with their messages. A large archive takes a fast path: multi-row
 * inserts in chunks of 10,000, few events and interventions.
 */
export async function seedActivities(ctx: SeedContext, refs: ActivitySeedRefs): Promise<void> {
  if (refs.condominiumIds.length === 0) return;
  if (ctx.large) {
    await seedLarge(ctx, refs);
    return;
  }
  const count = Math.round(DEMO_ACTIVITIES * ctx.scale);
  if (count <= 0) return;
  await ensureTypes(ctx.db, ctx);
  await seedDemo(ctx, refs, count);
}

const SERVICES = Object.values(ServiceType);

function pickState(rng: Rng): number {
  return rng.weighted([
    [1, 55],
    [2, 12],
    [0, 28],
    [3, 5],
  ] as const);
}

function pickPriority(rng: Rng): number {
  return rng.weighted([
    [1, 20],
    [2, 45],
    [3, 25],
    [4, 10],
  ] as const);
}

/** The intervention display states, cycled so that every one appears. */
const INTERVENTION_SHAPES = [
  'planned',
  'today',
  'undefined',
  'late',
  'doneToday',
  'doneYesterday',
  'doneDaysAgo',
] as const;

const MINUTE = 60_000;

/** When a date begins in Italy, whose dates the activities' are: between 23:00 and midnight UTC it is already the next day there. */
const dayStart = businessDayStart;
const stamp = (ms: number) => new Date(ms).toISOString();

/** An event of a demo activity before its moment is chosen: `day` days after the opening. */
interface EventSpec {
  tipo: number;
  testo: string;
  autore: number;
  day: number;
  /** Told the moment chosen (an intervention's creation, which its assignment follows). */
  at?: (ms: number) => void;
}

/**
 * `count` moments after `start`, each later than the one before, none after `end` (the moment the seed
 * runs, or the activity's closure): a history that could have happened.
 */
function momentsBetween(rng: Rng, start: number, end: number, count: number): number[] {
  const moments: number[] = [];
  let t = start;
  for (let k = 0; k < count; k++) {
    t += k === 0 ? rng.int(10, 120) * MINUTE : rng.int(60, 48 * 60) * MINUTE;
    moments.push(t);
  }
  const last = moments[moments.length - 1] ?? start;
  if (last <= end) return moments;
  // Squeeze the replies into the time there was, keeping their order.
  const span = Math.max(0, end - start);
  return moments.map((_, k) => start + Math.round((span * (k + 1)) / (count + 1)));
}

async function seedDemo(ctx: SeedContext, refs: ActivitySeedRefs, count: number): Promise<void> {
  const { db, rng, archiveId } = ctx;
  const names = await loadNames(db, archiveId, refs);
  const today = isoDateToday(ctx.today);
  // Nothing in the demo happens after the moment the seed runs.
  const latest = ctx.today.getTime() - 1000;
  const providerIds = refs.providerIds.filter((id) => names.providers.has(id));
  const activityIds = await reserveIds(db, archiveId, 'activities', count);
  const numbers = await reserveIds(db, archiveId, 'numero_pratica', count);
  const activities: ActivityRow[] = [];
  const events: Omit<ActivityEventRow, 'id'>[] = [];
  const interventions: Omit<InterventionRow, 'id'>[] = [];
  const interventionMeta: Array<{
    activity: number;
    provider: number;
    index: number;
    done: boolean;
    /** When the intervention was added: its request to the provider comes after. */
    addedAt: number;
    /** The last moment its messages may have: now, or the activity's closure. */
    until: number;
  }> = [];
  let shape = 0;

  for (let i = 0; i < count; i++) {
    const id = activityIds[i] as number;
    const numero = numbers[i] as number;
    const condo = rng.pick(refs.condominiumIds);
    const template = rng.pick(ALL_ACTIVITY_TEMPLATES);
    // The first activities cover every state and priority; the rest are weighted.
    const stato: number = i < 4 ? (([1, 2, 0, 3] as const)[i] ?? 1) : pickState(rng);
    const priorita = i < 4 ? i + 1 : pickPriority(rng);
    const tipo = (i % defaultActivityTypes.length) + 1;
    const age = rng.int(0, 540);
    const apertura = addDays(today, -age);
    const closed = stato === 0 || stato === 3;
    // Most closures are recent, so the default 30-day window shows some of them.
    const chiusura = closed
      ? addDays(today, -Math.min(age, rng.chance(0.5) ? rng.int(0, 25) : rng.int(0, 400)))
      : null;
    const due = rng.chance(0.6) ? addDays(apertura, rng.int(5, 90)) : null;
    const richiedente = refs.personIds.length > 0 && rng.chance(0.7) ? rng.pick(refs.personIds) : null;
    const gestore = rng.chance(0.85) ? rng.pick(OPERATORS) : '';
    const operatore = rng.pick(OPERATORS);
    // Opened during office hours, or earlier today when the seed runs before them.
    let openedAt = dayStart(apertura) + rng.int(8 * 60, 11 * 60) * MINUTE;
    if (openedAt > latest) openedAt = Math.max(dayStart(apertura), latest - rng.int(10, 120) * MINUTE);
    // Days after the opening within which everything else happened: until the closure, or today.
    const lastDay = chiusura ? Math.round((dayStart(chiusura) - dayStart(apertura)) / 86_400_000) : age;
    const within = (day: number) => Math.max(0, Math.min(day, lastDay));
    const specs: EventSpec[] = [];
    const event = (
      tipo: number,
      testo: string,
      autore: number = EventAuthor.User,
      day = 0,
      at?: (ms: number) => void,
    ) => specs.push({ tipo, testo, autore, day: within(day), ...(at ? { at } : {}) });
    event(EventType.State, 'Attività aperta');
    // One initial description: from the resident portal for some activities, else from the studio.
    event(
      EventType.InitialDescription,
      template.descrizione,
      i % 9 === 0 ? EventAuthor.ResidentPortal : EventAuthor.User,
    );
    if (gestore) event(EventType.Manager, `Gestore: ${gestore}`);
    for (let n = rng.int(0, 3); n > 0; n--)
      event(EventType.Note, rng.pick(NOTE_TEXTS), EventAuthor.User, rng.int(0, 20));
    if (stato === 2)
      event(EventType.State, 'Attività sospesa (da Aperta a Sospesa)', EventAuthor.User, rng.int(1, 30));

    let inProgress = 0;
    if (providerIds.length > 0 && (i < 30 || rng.chance(0.5))) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const provider = rng.pick(providerIds);
        const current = INTERVENTION_SHAPES[
          shape++ % INTERVENTION_SHAPES.length
        ] as (typeof INTERVENTION_SHAPES)[number];
        const kind = closed ? 'doneDaysAgo' : current;
        const dates: Record<typeof kind, [string | null, string | null]> = {
          planned: [addDays(today, rng.int(1, 20)), null],
          today: [today, null],
          undefined: [null, null],
          late: [addDays(today, -rng.int(1, 15)), null],
          doneToday: [addDays(today, -1), today],
          doneYesterday: [addDays(today, -2), addDays(today, -1)],
          doneDaysAgo: [addDays(apertura, 3), addDays(today, -Math.min(age, rng.int(2, 60)))],
        };
        // Within the activity's life: never before its opening, nor after its closure.
        const [prevista, esecuzione] = dates[kind].map((day) =>
          day === null ? null : day < apertura ? apertura : chiusura && day > chiusura ? chiusura : day,
        ) as [string | null, string | null];
        const postponed = kind === 'planned' && rng.chance(0.3);
        interventions.push({
          archive_id: archiveId,
          attivita_id: id,
          fornitore_id: provider,
          descrizione: template.titolo,
          data_prevista: prevista,
          data_esecuzione: esecuzione,
          operatore,
          rinviato: postponed ? 1 : 0,
          motivazione_rinvio: postponed
            ? 'Ricambio non disponibile, rinviato su richiesta della ditta'
            : null,
          created_at: stamp(openedAt),
          obj_version: 1,
        });
        const index = interventions.length - 1;
        const meta = {
          activity: id,
          provider,
          index,
          done: esecuzione !== null,
          addedAt: openedAt,
          until: latest,
        };
        interventionMeta.push(meta);
        if (esecuzione === null) inProgress++;
        const who = names.providers.get(provider)?.descr ?? 'fornitore';
        event(EventType.Provider, `Aggiunto intervento di ${who}`, EventAuthor.User, 1, (ms) => {
          meta.addedAt = ms;
          (interventions[index] as InterventionRow).created_at = stamp(ms);
        });
      }
    }
    if (closed) event(EventType.State, 'Attività chiusa (da Aperta a Chiusa)', EventAuthor.User, lastDay);

    // Each event after the one before it, on its day when there is still time, never after now.
    const ordered = specs
      .map((spec, k) => ({ spec, k }))
      .sort((a, b) => a.spec.day - b.spec.day || a.k - b.k);
    let previous = openedAt;
    let closedAt = latest;
    for (const [n, { spec }] of ordered.entries()) {
      let at = openedAt;
      if (n > 0) {
        const onItsDay = dayStart(addDays(apertura, spec.day)) + rng.int(8 * 60, 18 * 60) * MINUTE;
        at = Math.max(onItsDay, previous + rng.int(1, 20) * MINUTE);
        if (at > latest) at = Math.min(previous + 1000, latest);
      }
      previous = at;
      spec.at?.(at);
      if (spec.tipo === EventType.State && spec.testo.startsWith('Attività chiusa')) closedAt = at;
      events.push({
        archive_id: archiveId,
        attivita_id: id,
        tipo: spec.tipo,
        autore: spec.autore,
        testo: spec.testo,
        data: stamp(at),
        operatore,
        obj_version: 1,
      });
    }
    for (const meta of interventionMeta) if (meta.activity === id) meta.until = closedAt;

    const intestazione = names.condominiums.get(condo) ?? '';
    activities.push({
      archive_id: archiveId,
      id,
      numero_pratica: numero,
      cond_gen_id: condo,
      titolo: template.titolo,
      descrizione: template.descrizione,
      stato,
      stato_gruppo: stateGroupOf(stato),
      gestore,
      tipo_segnalaz_id: tipo,
      priorita,
      data_apertura: apertura,
      data_chiusura: chiusura,
      richiedente_id: richiedente,
      data_concludere_entro: due,
      operatore,
      nascosta: i % 15 === 0 ? 1 : 0,
      servizio: rng.chance(0.6) ? rng.pick(SERVICES) : null,
      esercizio_id: null,
      avvisi: 0,
      interventi_in_corso: inProgress,
      dati_incompleti: gestore === '' || richiedente === null || due === null ? 1 : 0,
      search_doc: searchDocument(numero, template.titolo, template.descrizione, intestazione),
      ultimo_aggiornamento: stamp(previous),
      created_at: stamp(openedAt),
      obj_version: 1,
    });
  }

  // Supplier assignments in every state, with the messages that led there, in the order they were
  // written: the request after the intervention was added, each answer after it, none after now.
  const interventionIds = await reserveIds(db, archiveId, 'interventions', interventions.length);
  const assignments: SupplierAssignmentRow[] = [];
  const messages: Omit<SupplierAssignmentMessageRow, 'id'>[] = [];
  const noticed = new Set<number>();
  const states = Object.values(AssignmentState);
  const byId = new Map(activities.map((a) => [a.id, a]));
  let next = 0;
  for (const meta of interventionMeta) {
    const interventoId = interventionIds[meta.index] as number;
    const provider = names.providers.get(meta.provider);
    if (!provider?.email || !(next < states.length * 3 || rng.chance(0.5))) continue;
    const stato = meta.done
      ? rng.pick([AssignmentState.ConcludedPositively, AssignmentState.ConcludedNotResolving])
      : (states[next % states.length] as number);
    next++;
    const planned: Array<[autore: string, azione: string, testo: string]> = [];
    if (stato !== AssignmentState.ToAssign)
      planned.push(['amministratore', 'invia', 'Richiesta di intervento inviata.']);
    if (stato === AssignmentState.Accepted || stato >= AssignmentState.ConcludedPositively) {
      planned.push(['fornitore', 'accetta', '']);
      if (rng.chance(0.5))
        planned.push(['fornitore', 'messaggio', 'Passiamo domattina alle 9, avvisate il custode.']);
    }
    if (stato === AssignmentState.Refused)
      planned.push(['fornitore', 'rifiuta', 'Non copriamo la zona in questo periodo.']);
    if (stato === AssignmentState.Cancelled)
      planned.push(['amministratore', 'annulla', 'Problema risolto dal custode.']);
    if (stato === AssignmentState.ConcludedPositively)
      planned.push(['fornitore', 'chiudiSuccesso', 'Lavoro eseguito.']);
    if (stato === AssignmentState.ConcludedNotResolving)
      planned.push(['fornitore', 'chiudiInsuccesso', 'Serve sostituire la colonna: preventivo a parte.']);
    const moments = momentsBetween(rng, meta.addedAt, meta.until, planned.length);
    for (const [k, [autore, azione, testo]] of planned.entries()) {
      messages.push({
        archive_id: archiveId,
        intervento_id: interventoId,
        attivita_id: meta.activity,
        autore,
        azione,
        testo,
        data: stamp(moments[k] as number),
        allegato_nome: null,
        allegato_chiave: null,
        allegato_dimensione: null,
      });
    }
    const sent = moments[0] === undefined ? null : stamp(moments[0]);
    const answered = moments[1] === undefined ? null : stamp(moments[1]);
    const lastMoment = stamp(moments[moments.length - 1] ?? meta.addedAt);
    const activity = byId.get(meta.activity);
    if (activity && lastMoment > activity.ultimo_aggiornamento) activity.ultimo_aggiornamento = lastMoment;
    if (stato === AssignmentState.Accepted || stato === AssignmentState.Refused) noticed.add(meta.activity);
    assignments.push({
      archive_id: archiveId,
      id: interventoId,
      attivita_id: meta.activity,
      fornitore_id: meta.provider,
      stato,
      motivazione: stato === AssignmentState.Cancelled ? 'Problema risolto dal custode.' : null,
      email: provider.email,
      data_invio: stato === AssignmentState.ToAssign ? null : sent,
      data_risposta:
        stato >= AssignmentState.Accepted && stato !== AssignmentState.Cancelled ? answered : null,
      ultimo_aggiornamento: lastMoment,
      obj_version: 1,
    });
  }
  for (const a of activities) if (noticed.has(a.id)) a.avvisi = 1;

  await insertRows(db, ctx.dialect, 'activities', activities);
  const eventIds = await reserveIds(db, archiveId, 'activity_events', events.length);
  await insertRows(
    db,
    ctx.dialect,
    'activity_events',
    events.map((e, k) => ({ ...e, id: eventIds[k] as number })),
  );
  await insertRows(
    db,
    ctx.dialect,
    'interventions',
    interventions.map((row, k) => ({ ...row, id: interventionIds[k] as number })),
  );
  await insertRows(db, ctx.dialect, 'supplier_assignments', assignments);
  const messageIds = await reserveIds(db, archiveId, 'supplier_assignment_messages', messages.length);
  await insertRows(
    db,
    ctx.dialect,
    'supplier_assignment_messages',
    messages.map((m, k) => ({ ...m, id: messageIds[k] as number })),
  );
  await recount(db, archiveId, [], activities);
  ctx.progress?.(`attività ${count}, eventi ${events.length}, interventi ${interventions.length}`);
}

/** The benchmark archive: many activities quickly, one event each in ten, an intervention in twenty. */
async function seedLarge(ctx: SeedContext, refs: ActivitySeedRefs): Promise<void> {
  const { db, rng, archiveId } = ctx;
  const total = ctx.activities ?? 0;
  await db.transaction().execute((trx) => ensureTypes(trx, ctx));
  const names = await loadNames(db, archiveId, refs);
  const today = isoDateToday(ctx.today);
  const providerIds = refs.providerIds.length > 0 ? refs.providerIds : [];
  const span = 3650;
  for (let start = 0; start < total; start += LARGE_CHUNK) {
    const size = Math.min(LARGE_CHUNK, total - start);
    await db.transaction().execute(async (trx) => {
      const ids = await reserveIds(trx, archiveId, 'activities', size);
      const numbers = await reserveIds(trx, archiveId, 'numero_pratica', size);
      const rows: ActivityRow[] = [];
      const events: Omit<ActivityEventRow, 'id'>[] = [];
      const interventions: Omit<InterventionRow, 'id'>[] = [];
      for (let k = 0; k < size; k++) {
        const id = ids[k] as number;
        const numero = numbers[k] as number;
        // Older activities first, so ids grow with the opening date as in a real archive.
        const age = Math.max(0, Math.floor(span * (1 - (start + k) / total)) - rng.int(0, 3));
        const apertura = addDays(today, -age);
        const stato = age > 365 ? (rng.chance(0.95) ? 0 : rng.pick([1, 2, 3])) : pickState(rng);
        const group = stateGroupOf(stato);
        const template = rng.pick(ALL_ACTIVITY_TEMPLATES);
        const condo = rng.pick(refs.condominiumIds);
        const richiedente = refs.personIds.length > 0 && rng.chance(0.6) ? rng.pick(refs.personIds) : null;
        const gestore = rng.chance(0.85) ? rng.pick(OPERATORS) : '';
        const due = rng.chance(0.5) ? addDays(apertura, rng.int(5, 90)) : null;
        const stamp = `${apertura}T10:00:00.000Z`;
        let inProgress = 0;
        if (providerIds.length > 0 && k % 20 === 0) {
          const done = group === 0 || rng.chance(0.4);
          interventions.push({
            archive_id: archiveId,
            attivita_id: id,
            fornitore_id: rng.pick(providerIds),
            descrizione: template.titolo,
            data_prevista: addDays(apertura, rng.int(1, 30)),
            data_esecuzione: done ? addDays(apertura, rng.int(1, 40)) : null,
            operatore: gestore,
            rinviato: 0,
            motivazione_rinvio: null,
            created_at: stamp,
            obj_version: 1,
          });
          if (!done) inProgress = 1;
        }
        if (k % 10 === 0) {
          events.push({
            archive_id: archiveId,
            attivita_id: id,
            tipo: EventType.State,
            autore: EventAuthor.User,
            testo: 'Attività aperta',
            data: stamp,
            operatore: gestore,
            obj_version: 1,
          });
        }
        rows.push({
          archive_id: archiveId,
          id,
          numero_pratica: numero,
          cond_gen_id: condo,
          titolo: template.titolo,
          descrizione: template.descrizione,
          stato,
          stato_gruppo: group,
          gestore,
          tipo_segnalaz_id: rng.int(1, defaultActivityTypes.length),
          priorita: pickPriority(rng),
          data_apertura: apertura,
          data_chiusura: group === 0 ? addDays(apertura, Math.min(age, rng.int(1, 60))) : null,
          richiedente_id: richiedente,
          data_concludere_entro: due,
          operatore: gestore,
          nascosta: 0,
          servizio: rng.chance(0.5) ? rng.pick(SERVICES) : null,
          esercizio_id: null,
          avvisi: rng.chance(0.01) ? 1 : 0,
          interventi_in_corso: inProgress,
          dati_incompleti: gestore === '' || richiedente === null || due === null ? 1 : 0,
          search_doc: searchDocument(
            numero,
            template.titolo,
            template.descrizione,
            names.condominiums.get(condo),
          ),
          ultimo_aggiornamento: stamp,
          created_at: stamp,
          obj_version: 1,
        });
      }
      await insertRows(trx, ctx.dialect, 'activities', rows);
      const eventIds = await reserveIds(trx, archiveId, 'activity_events', events.length);
      await insertRows(
        trx,
        ctx.dialect,
        'activity_events',
        events.map((e, n) => ({ ...e, id: eventIds[n] as number })),
      );
      const interventionIds = await reserveIds(trx, archiveId, 'interventions', interventions.length);
      await insertRows(
        trx,
        ctx.dialect,
        'interventions',
        interventions.map((row, n) => ({ ...row, id: interventionIds[n] as number })),
      );
      await recount(trx, archiveId, [], rows);
    });
    if ((start / LARGE_CHUNK) % 10 === 9 || start + size >= total) {
      ctx.progress?.(`attività ${start + size} di ${total}`);
    }
  }
  // Fresh statistics, so the planner picks the selective filter index (e.g. one condominium).
  if (ctx.dialect === 'sqlite') {
    // A bulk load leaves the full-text indexes in thousands of segments; merged into one, a prefix
    // search reads each term once (half the time for a common word on 1M activities).
    for (const table of ['activities_fts', 'activities_open_fts', 'persons_fts', 'providers_fts']) {
      await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('optimize')`.execute(db);
    }
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze activities`.execute(db);
  }
}
