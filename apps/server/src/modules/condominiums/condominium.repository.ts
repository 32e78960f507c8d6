import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every condominium of an archive (managed ones only unless asked), by intestazione. */
export function listCondominiumsShort(
  db: Kysely<Database>,
  archiveId: number,
  options: { gestiti: boolean },
) {
  let query = db
    .selectFrom('condominiums')
    .select(['id', 'intestazione', 'indirizzo', 'citta'])
    .where('archive_id', '=', archiveId);
  if (options.gestiti) query = query.where('gestito', '=', 1);
  return query.orderBy('intestazione_sort').orderBy('id').execute();
}
