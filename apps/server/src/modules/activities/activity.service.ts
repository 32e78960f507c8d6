import {
  type ActivityDetail,
  type ActivityEvent,
  type ActivityListFilters,
  ActivityMessage,
  type ActivitySettings,
  type ActivityState,
  type ActivityType,
  type Applicant,
  activityActionFor,
  type activityCreateSchema,
  activityStateLabels,
  type activityUpdateSchema,
  defaultActivityTypes,
  EventType,
  isoDateToday,
  stateGroupOf,
} from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DialectName } from '../../db/database.ts';
import { dialectOf, hasWordCharacter, searchDocument } from '../../db/dialect.ts';
import { addToCounter, nextId } from '../../db/ids.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound, staleVersion } from '../../shared/app-error.ts';
import { recordChange } from '../history/history.service.ts';
import { searchPredicate } from '../people/people-search.ts';
import { deleteActivityAssignments } from '../supplier-assignments/assignment-removal.ts';
import { toActivityEvent } from './activity.mapper.ts';
import {
  type ActivityPage,
  activitiesForExport,
  deleteActivityRow,
  insertActivityRow,
  listActivities,
  setActivityNotice,
  touchActivity,
  updateActivityRow,
  type VisibilityWindow,
} from './activity.repository.ts';
import type { ActivityRow } from './activity.table.ts';
import { loadActivityDetail } from './activity-detail.ts';
import { addEvent, deleteActivityEvents, deleteNoteRow, updateNoteRow } from './activity-events.ts';
import { type SettingsOwner, upsertSettingsRow } from './activity-settings.repository.ts';
import { deleteActivityInterventions } from './intervention-writes.ts';

type ActivityCreateInput = z.output<typeof activityCreateSchema>;
type ActivityUpdateInput = z.output<typeof activityUpdateSchema>;

/** Who is working: the archive user (user management) or the account, for settings and operators. */
export interface Actor {
  archiveId: number;
  accountId: number;
  archiveUserId: number | null;
}

export const userKeyOf = (actor: Actor) => `${actor.accountId}:${actor.archiveUserId ?? 0}`;
/** The actor's row of activity settings. */
export const settingsOwner = (actor: Actor): SettingsOwner => ({
  archiveId: actor.archiveId,
  userKey: userKeyOf(actor),
});

function invalid(path: string, message: string): AppError {
  return new AppError(113, `${message} (${path})`, { details: [{ path, message }] });
}

const nowIso = () => new Date().toISOString();

/** The display name of the actor, used when a call does not name the operator. */
export async function actorName(db: Kysely<Database>, actor: Actor): Promise<string> {
  if (actor.archiveUserId !== null) {
    const user = await db
      .selectFrom('archive_users')
      .select('display_name')
      .where('archive_id', '=', actor.archiveId)
      .where('id', '=', actor.archiveUserId)
      .executeTakeFirst();
    if (user) return user.display_name;
  }
  const account = await db
    .selectFrom('accounts')
    .select('display_name')
    .where('id', '=', actor.accountId)
    .executeTakeFirst();
  return account?.display_name ?? '';
}

// ---------------------------------------------------------------------------- settings

const DEFAULT_CLOSED_DAYS = 30;

const settingsRow = preparedQuery((db, archiveId: number, userKey: string) =>
  db
    .selectFrom('activity_settings')
    .select(['giorni_chiuse', 'per_condominio'])
    .where('archive_id', '=', archiveId)
    .where('user_key', '=', userKey),
);

export async function getSettings(db: Kysely<Database>, actor: Actor): Promise<ActivitySettings> {
  const [row] = await settingsRow(db, actor.archiveId, userKeyOf(actor));
  if (!row) return { giorniChiuseVisibili: DEFAULT_CLOSED_DAYS, perCondominio: [] };
  return {
    giorniChiuseVisibili: row.giorni_chiuse,
    perCondominio: JSON.parse(row.per_condominio) as ActivitySettings['perCondominio'],
  };
}

export async function saveSettings(
  db: Kysely<Database>,
  actor: Actor,
  settings: ActivitySettings,
): Promise<ActivitySettings> {
  const unique = new Map(settings.perCondominio.map((p) => [p.condGenID, p.giorni]));
  const perCondominio = [...unique].map(([condGenID, giorni]) => ({ condGenID, giorni }));
  await upsertSettingsRow(db, settingsOwner(actor), {
    giorni_chiuse: settings.giorniChiuseVisibili,
    per_condominio: JSON.stringify(perCondominio),
  });
  return { giorniChiuseVisibili: settings.giorniChiuseVisibili, perCondominio };
}

function windowOf(settings: ActivitySettings): VisibilityWindow {
  return {
    days: settings.giorniChiuseVisibili,
    perCondominio: new Map(settings.perCondominio.map((p) => [p.condGenID, p.giorni])),
  };
}

// ---------------------------------------------------------------------------- list and detail

/** A page of the activity list, its items as JSON texts (ActivityPage), with the user's window. */
export async function listForActor(
  db: Kysely<Database>,
  dialect: DialectName,
  actor: Actor,
  filters: ActivityListFilters,
): Promise<ActivityPage> {
  if (filters.dataDa && filters.dataA && filters.dataDa > filters.dataA) {
    throw invalid('dataDa', ActivityMessage.DateRange);
  }
  // The open and suspended tabs show no closed activity: the user's window does not matter there.
  const group = filters.stato === undefined ? null : stateGroupOf(filters.stato);
  const window = group === 1 || group === 2 ? NO_CLOSED_WINDOW : windowOf(await getSettings(db, actor));
  return listActivities(db, dialect, actor.archiveId, filters, window, isoDateToday());
}

/** The window of lists that cannot show closed activities (it never reaches their queries). */
const NO_CLOSED_WINDOW: VisibilityWindow = { days: 0, perCondominio: new Map() };

export function getActivity(db: Kysely<Database>, archiveId: number, id: number): Promise<ActivityDetail> {
  return loadActivityDetail(db, archiveId, id);
}

// ---------------------------------------------------------------------------- types

/** The archive's types of report; the defaults are created on first use. */
export async function ensureDefaultTypes(db: Kysely<Database>, archiveId: number): Promise<void> {
  const any = await db
    .selectFrom('activity_types')
    .select('id')
    .where('archive_id', '=', archiveId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  await db.transaction().execute(async (trx) => {
    const again = await trx
      .selectFrom('activity_types')
      .select('id')
      .where('archive_id', '=', archiveId)
      .limit(1)
      .executeTakeFirst();
    if (again) return;
    await trx
      .insertInto('activity_types')
      .values(
        defaultActivityTypes.map((t) => ({
          archive_id: archiveId,
          id: t.id,
          descr: t.descr,
          descr_sort: searchDocument(t.descr),
        })),
      )
      .execute();
    await addToCounter(trx, archiveId, 'activity_types', defaultActivityTypes.length);
  });
}

export async function listTypes(db: Kysely<Database>, archiveId: number): Promise<ActivityType[]> {
  await ensureDefaultTypes(db, archiveId);
  const rows = await db
    .selectFrom('activity_types')
    .select(['id', 'descr'])
    .where('archive_id', '=', archiveId)
    .orderBy('descr_sort')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), descr: r.descr }));
}

export async function createType(
  db: Kysely<Database>,
  archiveId: number,
  descr: string,
): Promise<ActivityType> {
  await ensureDefaultTypes(db, archiveId);
  return db.transaction().execute(async (trx) => {
    const sortKey = searchDocument(descr);
    const existing = await trx
      .selectFrom('activity_types')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('descr_sort', '=', sortKey)
      .executeTakeFirst();
    if (existing) throw new AppError(115, ActivityMessage.TypeExists);
    const id = await nextId(trx, archiveId, 'activity_types');
    await trx
      .insertInto('activity_types')
      .values({ archive_id: archiveId, id, descr, descr_sort: sortKey })
      .execute();
    return { id, descr };
  });
}

// ---------------------------------------------------------------------------- applicants

export async function searchApplicants(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  text: string | undefined,
): Promise<Applicant[]> {
  let q = db
    .selectFrom('persons as p')
    .select(['p.id', 'p.descr', 'p.email', 'p.telefono1'])
    .where('p.archive_id', '=', archiveId);
  const predicate = text ? searchPredicate(dialect, 'persons', 'p', archiveId, text) : null;
  // A text with no usable term ("%%%") matches nobody, rather than everybody.
  if (text && !hasWordCharacter(text)) return [];
  if (predicate) q = q.where(predicate);
  const rows = await q.orderBy('p.descr_sort').orderBy('p.id').limit(20).execute();
  return rows.map((r) => ({ id: Number(r.id), descr: r.descr, email: r.email, telefono: r.telefono1 }));
}

export async function getApplicant(db: Kysely<Database>, archiveId: number, id: number): Promise<Applicant> {
  const r = await db
    .selectFrom('persons')
    .select(['id', 'descr', 'email', 'telefono1'])
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(ActivityMessage.ApplicantNotFound);
  return { id: Number(r.id), descr: r.descr, email: r.email, telefono: r.telefono1 };
}

// ---------------------------------------------------------------------------- writes

async function checkReferences(
  trx: Kysely<Database>,
  archiveId: number,
  input: { condGenID: number; tipoSegnalazID: number; richiedenteID: number },
): Promise<string> {
  const condo = await trx
    .selectFrom('condominiums')
    .select('intestazione')
    .where('archive_id', '=', archiveId)
    .where('id', '=', input.condGenID)
    .executeTakeFirst();
  if (!condo) throw invalid('condGenID', ActivityMessage.CondominiumNotFound);
  const type = await trx
    .selectFrom('activity_types')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', input.tipoSegnalazID)
    .executeTakeFirst();
  if (!type) throw invalid('tipoSegnalazID', ActivityMessage.TypeNotFound);
  if (input.richiedenteID > 0) {
    const person = await trx
      .selectFrom('persons')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('id', '=', input.richiedenteID)
      .executeTakeFirst();
    if (!person) throw invalid('richiedenteID', ActivityMessage.ApplicantNotFound);
  }
  return condo.intestazione;
}

function incomplete(gestore: string, richiedente: number | null, due: string | null): number {
  return gestore === '' || richiedente === null || due === null ? 1 : 0;
}

export function activitySearchDoc(
  numero: number,
  titolo: string,
  descrizione: string,
  intestazione: string,
): string {
  return searchDocument(numero, titolo, descrizione, intestazione);
}

export async function createActivity(
  db: Kysely<Database>,
  actor: Actor,
  input: ActivityCreateInput,
): Promise<ActivityDetail> {
  const archiveId = actor.archiveId;
  await ensureDefaultTypes(db, archiveId);
  const operatore = input.operatore || (await actorName(db, actor));
  const dataApertura = input.dataApertura ?? isoDateToday();
  if (input.dataConcludereEntro && input.dataConcludereEntro < dataApertura) {
    throw invalid('dataConcludereEntro', ActivityMessage.DueBeforeOpening);
  }
  const id = await db.transaction().execute(async (trx) => {
    const intestazione = await checkReferences(trx, archiveId, input);
    const now = nowIso();
    const newId = await nextId(trx, archiveId, 'activities');
    const numero = await nextId(trx, archiveId, 'numero_pratica');
    const richiedente = input.richiedenteID > 0 ? input.richiedenteID : null;
    const row: ActivityRow = {
      archive_id: archiveId,
      id: newId,
      numero_pratica: numero,
      cond_gen_id: input.condGenID,
      titolo: input.titolo,
      descrizione: input.descrizione,
      stato: 1,
      stato_gruppo: 1,
      gestore: input.gestore,
      tipo_segnalaz_id: input.tipoSegnalazID,
      priorita: input.priorita,
      data_apertura: dataApertura,
      data_chiusura: null,
      richiedente_id: richiedente,
      data_concludere_entro: input.dataConcludereEntro,
      operatore,
      nascosta: input.nascosta ? 1 : 0,
      servizio: input.servizio,
      esercizio_id: input.esercizioID,
      avvisi: 0,
      interventi_in_corso: 0,
      dati_incompleti: incomplete(input.gestore, richiedente, input.dataConcludereEntro),
      search_doc: activitySearchDoc(numero, input.titolo, input.descrizione, intestazione),
      ultimo_aggiornamento: now,
      created_at: now,
      obj_version: 1,
    };
    await insertActivityRow(trx, row);
    await addEvent(
      trx,
      archiveId,
      newId,
      { tipo: EventType.State, testo: 'Attività aperta', operatore },
      now,
    );
    if (input.descrizione) {
      await addEvent(
        trx,
        archiveId,
        newId,
        { tipo: EventType.InitialDescription, testo: input.descrizione, operatore },
        now,
      );
    }
    if (input.gestore) {
      await addEvent(
        trx,
        archiveId,
        newId,
        { tipo: EventType.Manager, testo: `Gestore: ${input.gestore}`, operatore },
        now,
      );
    }
    return newId;
  });
  return loadActivityDetail(db, archiveId, id);
}

/**
 * The activity row, refusing another archive's id (404) and a stale objVersion (409, 115). On
 * PostgreSQL the row stays locked until the transaction ends, so two changes of one activity run one
 * after the other: read unlocked, the second change's versioned update found the version moved by
 * the first and answered 409 to a caller who had sent no version (SQLite's write transactions
 * already run one at a time).
 */
export async function lockActivity(
  trx: Kysely<Database>,
  archiveId: number,
  id: number,
  objVersion?: number,
): Promise<ActivityRow> {
  const row = await trx
    .selectFrom('activities')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .$if(dialectOf(trx) === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(ActivityMessage.NotFound);
  if (objVersion !== undefined && objVersion !== row.obj_version) throw staleVersion();
  return row;
}

export async function updateActivity(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  input: ActivityUpdateInput,
): Promise<ActivityDetail> {
  const archiveId = actor.archiveId;
  if (input.dataConcludereEntro && input.dataConcludereEntro < input.dataApertura) {
    throw invalid('dataConcludereEntro', ActivityMessage.DueBeforeOpening);
  }
  const operatore = input.operatore || (await actorName(db, actor));
  await db.transaction().execute(async (trx) => {
    const row = await lockActivity(trx, archiveId, id, input.objVersion);
    const intestazione = await checkReferences(trx, archiveId, input);
    const richiedente = input.richiedenteID > 0 ? input.richiedenteID : null;
    const now = nowIso();
    await updateActivityRow(trx, row, {
      cond_gen_id: input.condGenID,
      titolo: input.titolo,
      descrizione: input.descrizione,
      gestore: input.gestore,
      tipo_segnalaz_id: input.tipoSegnalazID,
      priorita: input.priorita,
      data_apertura: input.dataApertura,
      richiedente_id: richiedente,
      data_concludere_entro: input.dataConcludereEntro,
      nascosta: input.nascosta ? 1 : 0,
      servizio: input.servizio,
      esercizio_id: input.esercizioID,
      dati_incompleti: incomplete(input.gestore, richiedente, input.dataConcludereEntro),
      search_doc: activitySearchDoc(row.numero_pratica, input.titolo, input.descrizione, intestazione),
      ultimo_aggiornamento: now,
    });
    if (row.gestore !== input.gestore) {
      await addEvent(
        trx,
        archiveId,
        id,
        { tipo: EventType.Manager, testo: `Gestore: ${input.gestore || 'nessuno'}`, operatore },
        now,
      );
    }
    if ((row.richiedente_id === null ? null : Number(row.richiedente_id)) !== richiedente) {
      const person = richiedente
        ? await trx
            .selectFrom('persons')
            .select('descr')
            .where('archive_id', '=', archiveId)
            .where('id', '=', richiedente)
            .executeTakeFirst()
        : undefined;
      await addEvent(
        trx,
        archiveId,
        id,
        { tipo: EventType.Referent, testo: `Richiedente: ${person?.descr ?? 'nessuno'}`, operatore },
        now,
      );
    }
    if (row.descrizione !== input.descrizione) {
      await addEvent(
        trx,
        archiveId,
        id,
        { tipo: EventType.InitialDescription, testo: input.descrizione, operatore },
        now,
      );
    }
  });
  return loadActivityDetail(db, archiveId, id);
}

export async function deleteActivity(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  objVersion: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockActivity(trx, archiveId, id, objVersion);
    await deleteActivityAssignments(trx, archiveId, id);
    await deleteActivityInterventions(trx, archiveId, id);
    await deleteActivityEvents(trx, archiveId, id);
    await deleteActivityRow(trx, row);
  });
}

/** PUT /{id}/open: the user opened the activity, so its notices are read. */
export async function markOpened(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
): Promise<ActivityDetail> {
  if (!(await setActivityNotice(db, archiveId, id, false))) throw notFound(ActivityMessage.NotFound);
  return loadActivityDetail(db, archiveId, id);
}

export async function changeState(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  input: { stato: number; operatore: string; objVersion?: number | undefined },
): Promise<ActivityDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await lockActivity(trx, archiveId, id, input.objVersion);
    const from = activityStateLabels[row.stato as ActivityState] ?? String(row.stato);
    const to = activityStateLabels[input.stato as ActivityState] ?? String(input.stato);
    const action = activityActionFor(row.stato, input.stato);
    if (!action) throw new AppError(115, ActivityMessage.ImpossibleTransition(from, to));
    const now = nowIso();
    const group = stateGroupOf(input.stato);
    await updateActivityRow(trx, row, {
      stato: input.stato,
      stato_gruppo: group,
      data_chiusura: group === 0 ? isoDateToday() : null,
      ultimo_aggiornamento: now,
    });
    const verbs = { sospendi: 'sospesa', chiudi: 'chiusa', riapri: 'riaperta', riprendi: 'ripresa' } as const;
    await addEvent(
      trx,
      archiveId,
      id,
      {
        tipo: EventType.State,
        testo: `Attività ${verbs[action]} (da ${from} ${/^a/i.test(to) ? 'ad' : 'a'} ${to})`,
        operatore: input.operatore,
      },
      now,
    );
  });
  return loadActivityDetail(db, archiveId, id);
}

export async function changeManager(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  input: { gestore: string; operatore: string; objVersion?: number | undefined },
): Promise<ActivityDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await lockActivity(trx, archiveId, id, input.objVersion);
    if (row.gestore === input.gestore) return;
    const now = nowIso();
    await updateActivityRow(trx, row, {
      gestore: input.gestore,
      dati_incompleti: incomplete(input.gestore, row.richiedente_id, row.data_concludere_entro),
      ultimo_aggiornamento: now,
    });
    await addEvent(
      trx,
      archiveId,
      id,
      {
        tipo: EventType.Manager,
        testo: row.gestore
          ? `Gestore cambiato da ${row.gestore} a ${input.gestore}`
          : `Gestore: ${input.gestore}`,
        operatore: input.operatore,
      },
      now,
    );
  });
  return loadActivityDetail(db, archiveId, id);
}

export async function changeDescription(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  input: { descrizione: string; operatore: string; objVersion?: number | undefined },
): Promise<ActivityDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await lockActivity(trx, archiveId, id, input.objVersion);
    const condo = await trx
      .selectFrom('condominiums')
      .select('intestazione')
      .where('archive_id', '=', archiveId)
      .where('id', '=', row.cond_gen_id)
      .executeTakeFirst();
    const now = nowIso();
    await updateActivityRow(trx, row, {
      descrizione: input.descrizione,
      search_doc: activitySearchDoc(
        row.numero_pratica,
        row.titolo,
        input.descrizione,
        condo?.intestazione ?? '',
      ),
      ultimo_aggiornamento: now,
    });
    await addEvent(
      trx,
      archiveId,
      id,
      { tipo: EventType.InitialDescription, testo: input.descrizione, operatore: input.operatore },
      now,
    );
  });
  return loadActivityDetail(db, archiveId, id);
}

// ---------------------------------------------------------------------------- notes

export async function addNote(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  input: { testo: string; operatore: string },
): Promise<ActivityEvent> {
  return db.transaction().execute(async (trx) => {
    await lockActivity(trx, archiveId, id);
    const eventId = await addEvent(
      trx,
      archiveId,
      id,
      { tipo: EventType.Note, testo: input.testo, operatore: input.operatore },
      nowIso(),
    );
    await recordChange(trx, archiveId, 'attivita', id, { nota: null }, { nota: input.testo });
    const row = await trx
      .selectFrom('activity_events')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    return toActivityEvent(row);
  });
}

async function lockNote(
  trx: Kysely<Database>,
  archiveId: number,
  id: number,
  notaId: number,
  objVersion: number,
) {
  const note = await trx
    .selectFrom('activity_events')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', id)
    .where('id', '=', notaId)
    .where('tipo', '=', EventType.Note)
    .executeTakeFirst();
  if (!note) throw notFound(ActivityMessage.NoteNotFound);
  if (note.obj_version !== objVersion) throw staleVersion();
  return note;
}

export async function updateNote(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  notaId: number,
  input: { testo: string; operatore: string; objVersion: number },
): Promise<ActivityEvent> {
  return db.transaction().execute(async (trx) => {
    const note = await lockNote(trx, archiveId, id, notaId, input.objVersion);
    await recordChange(trx, archiveId, 'attivita', id, { nota: note.testo }, { nota: input.testo });
    await updateNoteRow(
      trx,
      { archiveId, id: notaId, objVersion: input.objVersion },
      { testo: input.testo, operatore: input.operatore },
    );
    await touchActivity(trx, archiveId, id, nowIso());
    const row = await trx
      .selectFrom('activity_events')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where('id', '=', notaId)
      .executeTakeFirstOrThrow();
    return toActivityEvent(row);
  });
}

export async function deleteNote(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  notaId: number,
  objVersion: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const note = await lockNote(trx, archiveId, id, notaId, objVersion);
    await recordChange(trx, archiveId, 'attivita', id, { nota: note.testo }, { nota: null });
    await deleteNoteRow(trx, { archiveId, id: notaId, objVersion });
  });
}

/**
 * The query of every activity of a list (its filters, state tab and the user's window of closed
 * activities), for an export; read through `readDb` (decision 0025).
 */
export async function activitiesExportQuery(
  db: Kysely<Database>,
  readDb: Kysely<Database>,
  actor: Actor,
  filters: ActivityListFilters,
) {
  if (filters.dataDa && filters.dataA && filters.dataDa > filters.dataA) {
    throw invalid('dataDa', ActivityMessage.DateRange);
  }
  const group = filters.stato === undefined ? null : stateGroupOf(filters.stato);
  const window = group === 1 || group === 2 ? NO_CLOSED_WINDOW : windowOf(await getSettings(db, actor));
  return activitiesForExport(readDb, actor.archiveId, filters, window, isoDateToday());
}
