import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RegistryTable } from './people-search.ts';

/**
 * Where a person or a provider is still referenced; a referenced record cannot be deleted. Each
 * check walks an index that leads with (archive_id, the referencing column) and stops at one row.
 * Italian plurals name the places in the message: "è usato in: incarichi, attività".
 */
type UsageCheck = (db: Kysely<Database>, archiveId: number, id: number) => Promise<unknown>;

const USAGES: Record<RegistryTable, Array<{ label: string; find: UsageCheck }>> = {
  persons: [
    {
      label: 'incarichi',
      find: (db, archiveId, id) =>
        db
          .selectFrom('incarichi')
          .select('id')
          .where('archive_id', '=', archiveId)
          .where('persona_id', '=', id)
          .limit(1)
          .executeTakeFirst(),
    },
    {
      // Registries carry the person's units, instalments and payments.
      label: 'anagrafiche condominiali e rate',
      find: (db, archiveId, id) =>
        db
          .selectFrom('registries')
          .select('id')
          .where('archive_id', '=', archiveId)
          .where('persona_id', '=', id)
          .limit(1)
          .executeTakeFirst(),
    },
    {
      label: 'attività',
      find: (db, archiveId, id) =>
        db
          .selectFrom('activities')
          .select('id')
          .where('archive_id', '=', archiveId)
          .where('richiedente_id', '=', id)
          .limit(1)
          .executeTakeFirst(),
    },
  ],
  providers: [
    {
      label: 'interventi delle attività',
      find: (db, archiveId, id) =>
        db
          .selectFrom('interventions')
          .select('id')
          .where('archive_id', '=', archiveId)
          .where('fornitore_id', '=', id)
          .limit(1)
          .executeTakeFirst(),
    },
    {
      // An assignment shares its intervention's id and provider: reached through the interventions
      // index on the provider (supplier_assignments has none on fornitore_id).
      label: 'incarichi ai fornitori',
      find: (db, archiveId, id) =>
        db
          .selectFrom('interventions as i')
          .innerJoin('supplier_assignments as sa', (j) =>
            j.onRef('sa.archive_id', '=', 'i.archive_id').onRef('sa.id', '=', 'i.id'),
          )
          .select('sa.id')
          .where('i.archive_id', '=', archiveId)
          .where('i.fornitore_id', '=', id)
          .limit(1)
          .executeTakeFirst(),
    },
    {
      label: 'servizi delle parti comuni',
      find: (db, archiveId, id) =>
        db
          .selectFrom('common_part_services')
          .select('id')
          .where('archive_id', '=', archiveId)
          .where('fornitore_id', '=', id)
          .limit(1)
          .executeTakeFirst(),
    },
  ],
};

/** Italian labels of the places that still reference the record (empty: free to delete). */
export async function registryUsages(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  id: number,
): Promise<string[]> {
  const found: string[] = [];
  for (const usage of USAGES[table]) {
    if (await usage.find(db, archiveId, id)) found.push(usage.label);
  }
  return found;
}
