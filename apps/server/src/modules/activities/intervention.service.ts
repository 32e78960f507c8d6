import {
  ActivityMessage,
  AssignmentState,
  EventType,
  type Intervention,
  isClosedState,
} from '@stabile/contract';
import type { Kysely } from 'kysely';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { keyOf, updateVersioned, type VersionedValues } from '../../db/versioned.ts';
import { AppError, notFound, staleVersion } from '../../shared/app-error.ts';
import { recordPartChange } from '../history/history.service.ts';
import { addRunningInterventions } from './activity.repository.ts';
import { lockActivity } from './activity.service.ts';
import type { InterventionRow } from './activity.table.ts';
import { loadActivityDetail } from './activity-detail.ts';
import { addEvent, italianDate } from './activity-events.ts';

const nowIso = () => new Date().toISOString();

export interface InterventionKey {
  archiveId: number;
  attivitaId: number;
  fornitoreId: number;
}

async function providerOf(trx: Kysely<Database>, archiveId: number, fornitoreId: number) {
  const provider = await trx
    .selectFrom('providers')
    .select(['descr', 'email'])
    .where('archive_id', '=', archiveId)
    .where('id', '=', fornitoreId)
    .executeTakeFirst();
  if (!provider) throw new AppError(201, ActivityMessage.ProviderNotFound);
  return provider;
}

async function openActivity(trx: Kysely<Database>, archiveId: number, attivitaId: number) {
  const activity = await lockActivity(trx, archiveId, attivitaId);
  if (isClosedState(activity.stato)) throw new AppError(115, ActivityMessage.ClosedActivity);
  return activity;
}

/** The intervention of this activity and provider, refusing a stale objVersion. */
export async function lockIntervention(
  trx: Kysely<Database>,
  key: InterventionKey,
  interventoId: number,
  objVersion?: number,
): Promise<InterventionRow> {
  const row = await trx
    .selectFrom('interventions')
    .selectAll()
    .where('archive_id', '=', key.archiveId)
    .where('id', '=', interventoId)
    .where('attivita_id', '=', key.attivitaId)
    .where('fornitore_id', '=', key.fornitoreId)
    .executeTakeFirst();
  if (!row) throw notFound(ActivityMessage.InterventionNotFound);
  if (objVersion !== undefined && objVersion !== row.obj_version) throw staleVersion();
  return row;
}

/** What an intervention's history shows: the provider is in its name, the flags are the dates'. */
const UNRECORDED = new Set(['fornitore_id', 'attivita_id', 'rinviato']);

function recorded(values: Partial<InterventionRow> | null): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([field]) => !UNRECORDED.has(field)));
}

/**
 * An intervention's change in its activity's history ("Intervento: data prevista"), named by its
 * provider and description.
 */
function recordInterventionChange(
  trx: Kysely<Database>,
  archiveId: number,
  attivitaId: number,
  provider: string,
  before: InterventionRow | null,
  after: Partial<InterventionRow> | null,
) {
  const name = (row: Record<string, unknown>) =>
    row.descrizione ? `${provider}: ${row.descrizione}` : provider;
  return recordPartChange(
    trx,
    archiveId,
    'attivita',
    attivitaId,
    'intervento',
    name,
    recorded(before),
    recorded(after),
  );
}

async function saveIntervention(
  trx: Kysely<Database>,
  row: InterventionRow,
  values: VersionedValues<'interventions'>,
  provider: string,
): Promise<void> {
  await updateVersioned(trx, 'interventions', keyOf(row), values);
  await recordInterventionChange(trx, row.archive_id, Number(row.attivita_id), provider, row, values);
}

async function interventionOf(db: Kysely<Database>, key: InterventionKey, id: number): Promise<Intervention> {
  const detail = await loadActivityDetail(db, key.archiveId, key.attivitaId);
  const found = detail.interventi.find((i) => i.id === id);
  if (!found) throw notFound(ActivityMessage.InterventionNotFound);
  return found;
}

export async function createIntervention(
  db: Kysely<Database>,
  key: InterventionKey,
  input: { descrizione: string; dataPrevista: string | null; operatore: string },
): Promise<Intervention> {
  const id = await db.transaction().execute(async (trx) => {
    await openActivity(trx, key.archiveId, key.attivitaId);
    const provider = await providerOf(trx, key.archiveId, key.fornitoreId);
    const newId = await nextId(trx, key.archiveId, 'interventions');
    const now = nowIso();
    const values = {
      archive_id: key.archiveId,
      id: newId,
      attivita_id: key.attivitaId,
      fornitore_id: key.fornitoreId,
      descrizione: input.descrizione,
      data_prevista: input.dataPrevista,
      data_esecuzione: null,
      operatore: input.operatore,
      rinviato: 0,
      motivazione_rinvio: null,
      created_at: now,
      obj_version: 1,
    };
    await trx.insertInto('interventions').values(values).execute();
    await recordInterventionChange(trx, key.archiveId, key.attivitaId, provider.descr, null, values);
    await addRunningInterventions(trx, key.archiveId, key.attivitaId, 1);
    await addEvent(
      trx,
      key.archiveId,
      key.attivitaId,
      {
        tipo: EventType.Provider,
        testo: `Aggiunto intervento di ${provider.descr}, previsto: ${italianDate(input.dataPrevista)}`,
        operatore: input.operatore,
      },
      now,
    );
    return newId;
  });
  return interventionOf(db, key, id);
}

export async function updateIntervention(
  db: Kysely<Database>,
  key: InterventionKey,
  interventoId: number,
  input: { descrizione: string; dataPrevista: string | null; operatore: string; objVersion: number },
): Promise<Intervention> {
  await db.transaction().execute(async (trx) => {
    await lockActivity(trx, key.archiveId, key.attivitaId);
    const row = await lockIntervention(trx, key, interventoId, input.objVersion);
    const provider = await providerOf(trx, key.archiveId, key.fornitoreId);
    await saveIntervention(
      trx,
      row,
      {
        descrizione: input.descrizione,
        data_prevista: input.dataPrevista,
        operatore: input.operatore,
      },
      provider.descr,
    );
    await addEvent(
      trx,
      key.archiveId,
      key.attivitaId,
      {
        tipo: EventType.Provider,
        testo: `Modificato intervento di ${provider.descr}, previsto: ${italianDate(input.dataPrevista)}`,
        operatore: input.operatore,
      },
      nowIso(),
    );
  });
  return interventionOf(db, key, interventoId);
}

export async function deleteIntervention(
  db: Kysely<Database>,
  key: InterventionKey,
  interventoId: number,
  objVersion: number,
  operatore: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockActivity(trx, key.archiveId, key.attivitaId);
    const row = await lockIntervention(trx, key, interventoId, objVersion);
    const assignment = await trx
      .selectFrom('supplier_assignments')
      .select('stato')
      .where('archive_id', '=', key.archiveId)
      .where('id', '=', interventoId)
      .executeTakeFirst();
    if (
      assignment &&
      (assignment.stato === AssignmentState.RequestSent || assignment.stato === AssignmentState.Accepted)
    ) {
      throw new AppError(115, ActivityMessage.InterventionHasAssignment);
    }
    const provider = await providerOf(trx, key.archiveId, key.fornitoreId);
    for (const table of ['supplier_links', 'supplier_assignment_messages'] as const) {
      await trx
        .deleteFrom(table)
        .where('archive_id', '=', key.archiveId)
        .where('intervento_id', '=', interventoId)
        .execute();
    }
    await trx
      .deleteFrom('supplier_assignments')
      .where('archive_id', '=', key.archiveId)
      .where('id', '=', interventoId)
      .execute();
    const result = await trx
      .deleteFrom('interventions')
      .where('archive_id', '=', key.archiveId)
      .where('id', '=', interventoId)
      .where('obj_version', '=', row.obj_version)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw staleVersion();
    await recordInterventionChange(trx, key.archiveId, key.attivitaId, provider.descr, row, null);
    if (row.data_esecuzione === null) await addRunningInterventions(trx, key.archiveId, key.attivitaId, -1);
    await addEvent(
      trx,
      key.archiveId,
      key.attivitaId,
      { tipo: EventType.Provider, testo: `Eliminato intervento di ${provider.descr}`, operatore },
      nowIso(),
    );
  });
}

export async function markDone(
  db: Kysely<Database>,
  key: InterventionKey,
  interventoId: number,
  input: { operatore: string; dataEsecuzione: string; objVersion?: number | undefined },
): Promise<Intervention> {
  await db.transaction().execute(async (trx) => {
    await lockActivity(trx, key.archiveId, key.attivitaId);
    const row = await lockIntervention(trx, key, interventoId, input.objVersion);
    if (row.data_esecuzione !== null) throw new AppError(115, ActivityMessage.InterventionDone);
    const provider = await providerOf(trx, key.archiveId, key.fornitoreId);
    await saveIntervention(
      trx,
      row,
      { data_esecuzione: input.dataEsecuzione, operatore: input.operatore },
      provider.descr,
    );
    await addRunningInterventions(trx, key.archiveId, key.attivitaId, -1);
    await addEvent(
      trx,
      key.archiveId,
      key.attivitaId,
      {
        tipo: EventType.Provider,
        testo: `Intervento di ${provider.descr} svolto il ${italianDate(input.dataEsecuzione)}`,
        operatore: input.operatore,
      },
      nowIso(),
    );
  });
  return interventionOf(db, key, interventoId);
}

/** Moves the expected date with a reason: the intervention becomes postponed. */
export async function postpone(
  db: Kysely<Database>,
  key: InterventionKey,
  interventoId: number,
  input: { dataPrevista: string; motivazione: string; operatore: string; objVersion?: number | undefined },
): Promise<Intervention> {
  await db.transaction().execute(async (trx) => {
    await lockActivity(trx, key.archiveId, key.attivitaId);
    const row = await lockIntervention(trx, key, interventoId, input.objVersion);
    if (row.data_esecuzione !== null) throw new AppError(115, ActivityMessage.InterventionDone);
    const provider = await providerOf(trx, key.archiveId, key.fornitoreId);
    await saveIntervention(
      trx,
      row,
      {
        data_prevista: input.dataPrevista,
        rinviato: 1,
        motivazione_rinvio: input.motivazione,
      },
      provider.descr,
    );
    await addEvent(
      trx,
      key.archiveId,
      key.attivitaId,
      {
        tipo: EventType.Provider,
        testo: `Intervento di ${provider.descr} rinviato dal ${italianDate(row.data_prevista)} al ${italianDate(input.dataPrevista)}: ${input.motivazione}`,
        operatore: input.operatore,
      },
      nowIso(),
    );
  });
  return interventionOf(db, key, interventoId);
}
