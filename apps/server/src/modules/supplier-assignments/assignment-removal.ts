import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * What an intervention's assignment leaves behind when the intervention (or its whole activity) is
 * deleted: its messages, the supplier's links and the assignment itself. The supplier-assignments
 * module is the one writer of these tables; the activities call it here, so this file imports no
 * activity code (no import loop).
 */

/** Removes the assignment of one intervention, with its messages and links. */
export async function deleteInterventionAssignment(
  trx: Kysely<Database>,
  archiveId: number,
  interventoId: number,
): Promise<void> {
  for (const table of ['supplier_links', 'supplier_assignment_messages'] as const) {
    await trx
      .deleteFrom(table)
      .where('archive_id', '=', archiveId)
      .where('intervento_id', '=', interventoId)
      .execute();
  }
  await trx
    .deleteFrom('supplier_assignments')
    .where('archive_id', '=', archiveId)
    .where('id', '=', interventoId)
    .execute();
}

/** Removes the assignments of every intervention of an activity, with their messages and links. */
export async function deleteActivityAssignments(
  trx: Kysely<Database>,
  archiveId: number,
  attivitaId: number,
): Promise<void> {
  const interventions = trx
    .selectFrom('interventions')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', attivitaId);
  await trx
    .deleteFrom('supplier_links')
    .where('archive_id', '=', archiveId)
    .where('intervento_id', 'in', interventions)
    .execute();
  for (const table of ['supplier_assignment_messages', 'supplier_assignments'] as const) {
    await trx
      .deleteFrom(table)
      .where('archive_id', '=', archiveId)
      .where('attivita_id', '=', attivitaId)
      .execute();
  }
}
