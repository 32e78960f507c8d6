import type { Kysely } from 'kysely';
import { addToCounter, readCounter } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { deleteEndedUnlocks } from './archive.repository.ts';

/**
 * Per-archive data upgrades. An archive stores the revision its data is at; below
 * CURRENT_DATA_REVISION it answers 105 until its administrator runs the pending steps
 * (POST /api/db/updateDB), all in one transaction. A step brings the data from `revision - 1` to
 * `revision`; it must be idempotent and touch only rows of its archive.
 */
export interface DataRevisionStep {
  revision: number;
  /** Shown to the user while the step runs. */
  description: string;
  run(trx: Kysely<Database>, archiveId: number, now: string): Promise<void>;
}

export const DATA_REVISION_STEPS: readonly DataRevisionStep[] = [
  {
    revision: 2,
    description: 'Pulizia degli accessi delle sessioni terminate',
    async run(trx, archiveId, now) {
      // Unlocks of sessions that were revoked or have expired are dead weight for this archive.
      await deleteEndedUnlocks(trx, archiveId, now);
    },
  },
  {
    revision: 3,
    description: "Ricalcolo dei contatori dell'archivio",
    async run(trx, archiveId) {
      // Older archives lack the archive-users counter (or have it behind the highest id): new users
      // would get an id already taken. Set it to the highest id in use.
      const row = await trx
        .selectFrom('archive_users')
        .select((eb) => eb.fn.max('id').as('maxId'))
        .where('archive_id', '=', archiveId)
        .executeTakeFirst();
      const maxId = Number(row?.maxId ?? 0);
      const counter = await readCounter(trx, archiveId, 'archive_users');
      if (counter < maxId) await addToCounter(trx, archiveId, 'archive_users', maxId - counter);
    },
  },
];

/**
 * The data revision an archive must be at to be used. An archive below it answers 105 until its
 * administrator runs the pending steps (POST /api/db/updateDB).
 */
export const CURRENT_DATA_REVISION = 3;

/** The steps that bring an archive from `revision` to CURRENT_DATA_REVISION, in order. */
export function pendingSteps(
  revision: number,
  steps: readonly DataRevisionStep[] = DATA_REVISION_STEPS,
): DataRevisionStep[] {
  return steps.filter((s) => s.revision > revision).sort((a, b) => a.revision - b.revision);
}
