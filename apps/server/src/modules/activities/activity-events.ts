import { EventAuthor, type EventType } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { deleteVersioned, updateVersioned } from '../../db/versioned.ts';
import { touchActivity } from './activity.repository.ts';

/** Every change of an activity becomes one of these (spec section 3, event types and authors). */
export interface NewEvent {
  tipo: EventType;
  autore?: EventAuthor;
  testo: string;
  operatore: string;
}

/** Appends an event and marks the activity as updated now. Call inside the write transaction. */
export async function addEvent(
  trx: Kysely<Database>,
  archiveId: number,
  attivitaId: number,
  event: NewEvent,
  now: string,
): Promise<number> {
  const id = await nextId(trx, archiveId, 'activity_events');
  await trx
    .insertInto('activity_events')
    .values({
      archive_id: archiveId,
      id,
      attivita_id: attivitaId,
      tipo: event.tipo,
      autore: event.autore ?? EventAuthor.User,
      testo: event.testo,
      data: now,
      operatore: event.operatore,
      obj_version: 1,
    })
    .execute();
  await touchActivity(trx, archiveId, attivitaId, now);
  return id;
}

/** Rewrites a note if it is still at the version read (115 otherwise). */
export async function updateNoteRow(
  trx: Kysely<Database>,
  key: { archiveId: number; id: number; objVersion: number },
  values: { testo: string; operatore: string },
): Promise<void> {
  await updateVersioned(trx, 'activity_events', key, values);
}

/** Deletes a note if it is still at the version read (115 otherwise). */
export async function deleteNoteRow(
  trx: Kysely<Database>,
  key: { archiveId: number; id: number; objVersion: number },
): Promise<void> {
  await deleteVersioned(trx, 'activity_events', key);
}

/** Every event of an activity being deleted. */
export async function deleteActivityEvents(
  trx: Kysely<Database>,
  archiveId: number,
  attivitaId: number,
): Promise<void> {
  await trx
    .deleteFrom('activity_events')
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', attivitaId)
    .execute();
}

/** 'YYYY-MM-DD' -> 'dd/MM/yyyy' for event texts. */
export function italianDate(iso: string | null): string {
  if (!iso) return 'non definita';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
