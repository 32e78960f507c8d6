import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { deleteVersioned, keyOf, updateVersioned, type VersionedValues } from '../../../db/versioned.ts';
import { recordChange } from '../../history/history.service.ts';
import type { ActivityRow } from '../activity.table.ts';
import { recount } from './counters.ts';

/**
 * The one writer of the `activities` row. Every write of a row's fields keeps, in the caller's
 * transaction, its history (decision 0026) and the per-archive counters (counters.ts), so no caller
 * can forget either; the flag and counter columns below are neither counted nor historied.
 */

/** A new activity, with its history and counters. */
export async function insertActivityRow(trx: Kysely<Database>, row: ActivityRow): Promise<void> {
  await trx.insertInto('activities').values(row).execute();
  await recordChange(trx, row.archive_id, 'attivita', row.id, null, row);
  await recount(trx, row.archive_id, [], [row]);
}

/** Updates the row only if its version is still the one read (no lost update between read and write). */
export async function updateActivityRow(
  trx: Kysely<Database>,
  row: ActivityRow,
  values: VersionedValues<'activities'>,
): Promise<void> {
  await updateVersioned(trx, 'activities', keyOf(row), values);
  await recordChange(trx, row.archive_id, 'attivita', row.id, row, values);
  await recount(trx, row.archive_id, [row], [{ ...row, ...values }]);
}

/** Deletes the row if its version is still the one read (its dependants are the caller's). */
export async function deleteActivityRow(trx: Kysely<Database>, row: ActivityRow): Promise<void> {
  await deleteVersioned(trx, 'activities', keyOf(row));
  await recordChange(trx, row.archive_id, 'attivita', row.id, row, null);
  await recount(trx, row.archive_id, [row], []);
}

/** Something happened on the activity (an event, a note edited): the list's "last update" order. */
export async function touchActivity(
  trx: Kysely<Database>,
  archiveId: number,
  id: number,
  at: string,
): Promise<void> {
  await trx
    .updateTable('activities')
    .set({ ultimo_aggiornamento: at })
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .execute();
}

/**
 * The notice flag (the "avvisi" filter): raised when a supplier answers through the link, lowered
 * when the administrator opens the activity. False when the activity does not exist.
 */
export async function setActivityNotice(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  raised: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('activities')
    .set({ avvisi: raised ? 1 : 0 })
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the activity's count of interventions still to do (the "attive" filter). */
export async function addRunningInterventions(
  trx: Kysely<Database>,
  archiveId: number,
  id: number,
  delta: number,
): Promise<void> {
  await trx
    .updateTable('activities')
    .set((eb) => ({ interventi_in_corso: eb('interventi_in_corso', '+', delta) }))
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .execute();
}
