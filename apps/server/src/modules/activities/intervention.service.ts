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
import { AppError, notFound, staleVersion } from '../../shared/app-error.ts';
import { deleteInterventionAssignment } from '../supplier-assignments/assignment-removal.ts';
import { lockActivity } from './activity.service.ts';
import type { InterventionRow } from './activity.table.ts';
import { loadActivityDetail } from './activity-detail.ts';
import { addEvent, italianDate } from './activity-events.ts';
import {
  deleteInterventionRow,
  insertInterventionRow,
  updateInterventionRow,
} from './intervention-writes.ts';

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
    const row = {
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
    await insertInterventionRow(trx, row, provider.descr);
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
    await updateInterventionRow(
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
    await deleteInterventionAssignment(trx, key.archiveId, interventoId);
    await deleteInterventionRow(trx, row, provider.descr);
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
    await updateInterventionRow(
      trx,
      row,
      { data_esecuzione: input.dataEsecuzione, operatore: input.operatore },
      provider.descr,
    );
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
    await updateInterventionRow(
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
