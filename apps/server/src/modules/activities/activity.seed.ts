import {
  AssignmentState,
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

async function seedDemo(ctx: SeedContext, refs: ActivitySeedRefs, count: number): Promise<void> {
  const { db, rng, archiveId } = ctx;
  const names = await loadNames(db, archiveId, refs);
  const today = isoDateToday(ctx.today);
  const providerIds = refs.providerIds.filter((id) => names.providers.has(id));
  const activityIds = await reserveIds(db, archiveId, 'activities', count);
  const numbers = await reserveIds(db, archiveId, 'numero_pratica', count);
  const activities: ActivityRow[] = [];
  const events: Omit<ActivityEventRow, 'id'>[] = [];
  const interventions: Omit<InterventionRow, 'id'>[] = [];
  const interventionMeta: Array<{ activity: number; provider: number; index: number; done: boolean }> = [];
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
    const opened = `${apertura}T${String(rng.int(8, 17)).padStart(2, '0')}:${String(rng.int(10, 59))}:00.000Z`;
    let last = opened;
    const event = (tipo: number, testo: string, autore: number = EventAuthor.User, daysAfter = 0) => {
      const when = addDays(apertura, Math.min(daysAfter, age));
      const data = `${when}T${String(rng.int(8, 18)).padStart(2, '0')}:${String(rng.int(10, 59))}:00.000Z`;
      if (data > last) last = data;
      events.push({
        archive_id: archiveId,
        attivita_id: id,
        tipo,
        autore,
        testo,
        data,
        operatore,
        obj_version: 1,
      });
    };
    event(EventType.State, 'Attività aperta');
    event(EventType.InitialDescription, template.descrizione);
    if (gestore) event(EventType.Manager, `Gestore: ${gestore}`);
    if (i % 9 === 0) event(EventType.InitialDescription, template.descrizione, EventAuthor.ResidentPortal);
    for (let n = rng.int(0, 3); n > 0; n--)
      event(EventType.Note, rng.pick(NOTE_TEXTS), EventAuthor.User, rng.int(0, 20));
    if (stato === 2)
      event(EventType.State, 'Attività sospesa (da Aperta a Sospesa)', EventAuthor.User, rng.int(1, 30));
    if (closed) event(EventType.State, 'Attività chiusa (da Aperta a Chiusa)', EventAuthor.User, age);

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
        const [prevista, esecuzione] = dates[kind];
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
          created_at: opened,
          obj_version: 1,
        });
        interventionMeta.push({
          activity: id,
          provider,
          index: interventions.length - 1,
          done: esecuzione !== null,
        });
        if (esecuzione === null) inProgress++;
        const who = names.providers.get(provider)?.descr ?? 'fornitore';
        event(EventType.Provider, `Aggiunto intervento di ${who}`, EventAuthor.User, 1);
      }
    }
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
      ultimo_aggiornamento: last,
      created_at: opened,
      obj_version: 1,
    });
  }

  // Supplier assignments in every state, with the messages that led there.
  const interventionIds = await reserveIds(db, archiveId, 'interventions', interventions.length);
  const assignments: SupplierAssignmentRow[] = [];
  const messages: Omit<SupplierAssignmentMessageRow, 'id'>[] = [];
  const noticed = new Set<number>();
  const states = Object.values(AssignmentState);
  let next = 0;
  for (const meta of interventionMeta) {
    const interventoId = interventionIds[meta.index] as number;
    const provider = names.providers.get(meta.provider);
    if (!provider?.email || !(next < states.length * 3 || rng.chance(0.5))) continue;
    const stato = meta.done
      ? rng.pick([AssignmentState.ConcludedPositively, AssignmentState.ConcludedNotResolving])
      : (states[next % states.length] as number);
    next++;
    const sent = `${addDays(today, -rng.int(2, 20))}T09:${String(rng.int(10, 59))}:00.000Z`;
    const answered = `${addDays(today, -rng.int(0, 1))}T${String(rng.int(8, 17)).padStart(2, '0')}:${String(rng.int(10, 59))}:00.000Z`;
    const message = (autore: string, azione: string, testo: string, data: string) =>
      messages.push({
        archive_id: archiveId,
        intervento_id: interventoId,
        attivita_id: meta.activity,
        autore,
        azione,
        testo,
        data,
        allegato_nome: null,
        allegato_chiave: null,
        allegato_dimensione: null,
      });
    if (stato !== AssignmentState.ToAssign)
      message('amministratore', 'invia', 'Richiesta di intervento inviata.', sent);
    if (stato === AssignmentState.Accepted || stato >= AssignmentState.ConcludedPositively) {
      message('fornitore', 'accetta', '', answered);
      if (rng.chance(0.5))
        message('fornitore', 'messaggio', 'Passiamo domattina alle 9, avvisate il custode.', answered);
    }
    if (stato === AssignmentState.Refused)
      message('fornitore', 'rifiuta', 'Non copriamo la zona in questo periodo.', answered);
    if (stato === AssignmentState.Cancelled)
      message('amministratore', 'annulla', 'Problema risolto dal custode.', answered);
    if (stato === AssignmentState.ConcludedPositively)
      message('fornitore', 'chiudiSuccesso', 'Lavoro eseguito.', answered);
    if (stato === AssignmentState.ConcludedNotResolving)
      message('fornitore', 'chiudiInsuccesso', 'Serve sostituire la colonna: preventivo a parte.', answered);
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
      ultimo_aggiornamento: answered,
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
