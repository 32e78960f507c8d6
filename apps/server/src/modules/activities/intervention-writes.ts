import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteVersioned, keyOf, updateVersioned, type VersionedValues } from '../../db/versioned.ts';
import { recordPartChange } from '../history/history.service.ts';
import { addRunningInterventions } from './activity.repository.ts';
import type { InterventionRow } from './activity.table.ts';

/**
 * The one writer of the `interventions` row, for the administrator's edits and the supplier's
 * answers alike. Every write keeps, in the caller's transaction, the activity's history (decision
 * 0026) and its count of interventions still to do (the "attive" filter), so no caller can forget
 * either.
 */

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
  row: InterventionRow,
  provider: string,
  before: InterventionRow | null,
  after: Partial<InterventionRow> | null,
) {
  const name = (fields: Record<string, unknown>) =>
    fields.descrizione ? `${provider}: ${fields.descrizione}` : provider;
  return recordPartChange(
    trx,
    row.archive_id,
    'attivita',
    Number(row.attivita_id),
    'intervento',
    name,
    recorded(before),
    recorded(after),
  );
}

/** 1 while the intervention is still to do. */
const running = (row: Pick<InterventionRow, 'data_esecuzione'>) => (row.data_esecuzione === null ? 1 : 0);

async function recountRunning(trx: Kysely<Database>, row: InterventionRow, delta: number): Promise<void> {
  if (delta !== 0) await addRunningInterventions(trx, row.archive_id, Number(row.attivita_id), delta);
}

/** A new intervention of `provider`, with its history and its activity's count. */
export async function insertInterventionRow(
  trx: Kysely<Database>,
  row: InterventionRow,
  provider: string,
): Promise<void> {
  await trx.insertInto('interventions').values(row).execute();
  await recordInterventionChange(trx, row, provider, null, row);
  await recountRunning(trx, row, running(row));
}

/** Writes `values` if the row is still at the version read (115 otherwise). */
export async function updateInterventionRow(
  trx: Kysely<Database>,
  row: InterventionRow,
  values: VersionedValues<'interventions'>,
  provider: string,
): Promise<void> {
  await updateVersioned(trx, 'interventions', keyOf(row), values);
  await recordInterventionChange(trx, row, provider, row, values);
  await recountRunning(trx, row, running({ ...row, ...values }) - running(row));
}

/** Deletes the row if it is still at the version read (115 otherwise); its dependants are the caller's. */
export async function deleteInterventionRow(
  trx: Kysely<Database>,
  row: InterventionRow,
  provider: string,
): Promise<void> {
  await deleteVersioned(trx, 'interventions', keyOf(row));
  await recordInterventionChange(trx, row, provider, row, null);
  await recountRunning(trx, row, -running(row));
}

/** Every intervention of an activity being deleted (it takes its history and counts along). */
export async function deleteActivityInterventions(
  trx: Kysely<Database>,
  archiveId: number,
  attivitaId: number,
): Promise<void> {
  await trx
    .deleteFrom('interventions')
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', attivitaId)
    .execute();
}
