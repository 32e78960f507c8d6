import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ActivitySettingsRow } from './activity.table.ts';

/*
 * The one writer of `activity_settings`, a user's row in an archive: the window of closed activities
 * (the activities' settings), the visits (the home page) and when the supplier replies were last read
 * (the supplier assignments). The row is created on the first write of any of them, with the rest at
 * the defaults below.
 */

/** Whose row: the archive and the user (userKeyOf). */
export interface SettingsOwner {
  archiveId: number;
  userKey: string;
}

type SettingsValues = Partial<Omit<ActivitySettingsRow, 'archive_id' | 'user_key'>>;

/** A row before any choice: closed activities of the last 30 days, nothing visited or read yet. */
const NEW_SETTINGS = {
  giorni_chiuse: 30,
  per_condominio: '[]',
  ultima_visita: null,
  visita_corrente: null,
  risposte_lette: null,
} satisfies SettingsValues;

function insertSettings(db: Kysely<Database>, owner: SettingsOwner, values: SettingsValues) {
  return db
    .insertInto('activity_settings')
    .values({ ...NEW_SETTINGS, ...values, archive_id: owner.archiveId, user_key: owner.userKey });
}

/** Writes `values`, creating the row the first time. */
export async function upsertSettingsRow(
  db: Kysely<Database>,
  owner: SettingsOwner,
  values: SettingsValues,
): Promise<void> {
  await insertSettings(db, owner, values)
    .onConflict((oc) => oc.columns(['archive_id', 'user_key']).doUpdateSet(values))
    .execute();
}

/** Creates the row with `values`; a row written meanwhile is kept as it is. */
export async function createSettingsRow(
  db: Kysely<Database>,
  owner: SettingsOwner,
  values: SettingsValues,
): Promise<void> {
  await insertSettings(db, owner, values)
    .onConflict((oc) => oc.columns(['archive_id', 'user_key']).doNothing())
    .execute();
}

/** Writes `values` into the existing row. */
export async function updateSettingsRow(
  db: Kysely<Database>,
  owner: SettingsOwner,
  values: SettingsValues,
): Promise<void> {
  await db
    .updateTable('activity_settings')
    .set(values)
    .where('archive_id', '=', owner.archiveId)
    .where('user_key', '=', owner.userKey)
    .execute();
}
