import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Registers a push token for the account; registering it again is harmless. A browser's push
 * subscription belongs to whoever registered it last: the same token is dropped from any other
 * account, so a shared computer never shows the previous user's notifications.
 */
export async function addDevice(db: Kysely<Database>, accountId: number, token: string, device: string) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('devices').where('token', '=', token).where('account_id', '<>', accountId).execute();
    await trx
      .insertInto('devices')
      .values({ account_id: accountId, token, device, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['account_id', 'token']).doUpdateSet({ device }))
      .execute();
  });
}

/** Removes the account's device with any of the given tokens (the token as sent and its canonical form). */
export async function removeDevice(db: Kysely<Database>, accountId: number, ...tokens: string[]) {
  if (tokens.length === 0) return;
  await db.deleteFrom('devices').where('account_id', '=', accountId).where('token', 'in', tokens).execute();
}

export async function listDevices(db: Kysely<Database>, accountId: number) {
  return db.selectFrom('devices').select(['token', 'device']).where('account_id', '=', accountId).execute();
}
