import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { AppError } from '../shared/app-error.ts';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import type { Database } from './schema.ts';
import { deleteVersioned, tryDeleteVersioned, tryUpdateVersioned, updateVersioned } from './versioned.ts';

/** A dossier under a reference (its parent), at version 1. */
async function insertDossier(db: Kysely<Database>, archiveId: number, id: number, riferimentoId: number) {
  await db
    .insertInto('dossiers')
    .values({
      archive_id: archiveId,
      id,
      numero: id,
      riferimento_tipo: 1,
      riferimento_id: riferimentoId,
      tipo_origine: 1,
      tipo: 0,
      descrizione: 'prima',
      data_creazione: '2026-01-01',
      numero_file: 0,
      obj_version: 1,
    })
    .execute();
}

async function dossier(db: Kysely<Database>, archiveId: number, id: number) {
  const row = await db
    .selectFrom('dossiers')
    .select(['descrizione', 'obj_version'])
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { descrizione: row.descrizione, version: Number(row.obj_version) };
}

async function dossierExists(db: Kysely<Database>, archiveId: number, id: number) {
  const row = await db
    .selectFrom('dossiers')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

async function conflictOf(write: Promise<unknown>) {
  const error = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, status, message } = error as AppError;
  return { code, status, message };
}

const conflict = {
  code: 115,
  status: 409,
  message: 'I dati sono stati modificati da un altro utente. Ricarica e riprova.',
};

it('a versioned write lands only on the row at the version read, in its archive and parent', async () => {
  const t = await buildTestApp();
  try {
    const db = t.database.db;
    const one = (await createTestSession(t)).archiveId;
    const other = (await createTestSession(t)).archiveId;
    await insertDossier(db, one, 7, 70);
    await insertDossier(db, other, 8, 80);
    const write = (archiveId: number, id: number, objVersion: number, descrizione: string) =>
      updateVersioned(db, 'dossiers', { archiveId, id, objVersion }, { descrizione });

    expect(await write(one, 7, 1, 'seconda')).toBe(2);
    expect(await dossier(db, one, 7)).toEqual({ descrizione: 'seconda', version: 2 });

    // Written meanwhile: the version read is stale, nothing is overwritten.
    expect(await conflictOf(write(one, 7, 1, 'persa'))).toEqual(conflict);
    expect(await dossier(db, one, 7)).toEqual({ descrizione: 'seconda', version: 2 });

    // A missing row, and another archive's row reached by its id: the same conflict, nothing written.
    expect(await conflictOf(write(one, 99, 1, 'persa'))).toEqual(conflict);
    expect(await conflictOf(write(one, 8, 1, 'persa'))).toEqual(conflict);
    expect(await dossier(db, other, 8)).toEqual({ descrizione: 'prima', version: 1 });

    // Under another parent: not found there; under its own, written.
    const under = (riferimento_id: number) => ({
      archiveId: one,
      id: 7,
      objVersion: 2,
      within: { riferimento_id },
    });
    expect(await conflictOf(updateVersioned(db, 'dossiers', under(71), { descrizione: 'persa' }))).toEqual(
      conflict,
    );
    expect(await updateVersioned(db, 'dossiers', under(70), { descrizione: 'terza' })).toBe(3);
    expect(await dossier(db, one, 7)).toEqual({ descrizione: 'terza', version: 3 });
  } finally {
    await t.close();
  }
});

it('tryUpdateVersioned answers undefined instead of the conflict, for callers that tell missing from stale', async () => {
  const t = await buildTestApp();
  try {
    const db = t.database.db;
    const one = (await createTestSession(t)).archiveId;
    await insertDossier(db, one, 5, 50);
    const key = (objVersion: number) => ({ archiveId: one, id: 5, objVersion });
    expect(await tryUpdateVersioned(db, 'dossiers', key(3), { descrizione: 'persa' })).toBeUndefined();
    expect(await tryUpdateVersioned(db, 'dossiers', key(1), { descrizione: 'seconda' })).toBe(2);
    expect(await dossier(db, one, 5)).toEqual({ descrizione: 'seconda', version: 2 });
  } finally {
    await t.close();
  }
});

it('a versioned delete removes only the row at the version read, in its archive and parent', async () => {
  const t = await buildTestApp();
  try {
    const db = t.database.db;
    const one = (await createTestSession(t)).archiveId;
    const other = (await createTestSession(t)).archiveId;
    await insertDossier(db, one, 7, 70);
    await insertDossier(db, other, 8, 80);
    await updateVersioned(
      db,
      'dossiers',
      { archiveId: one, id: 7, objVersion: 1 },
      { descrizione: 'seconda' },
    );
    const remove = (archiveId: number, id: number, objVersion: number, within?: { riferimento_id: number }) =>
      deleteVersioned(db, 'dossiers', { archiveId, id, objVersion, ...(within ? { within } : {}) });

    // Edited meanwhile: the version read is stale, the row stays.
    expect(await conflictOf(remove(one, 7, 1))).toEqual(conflict);
    expect(await dossier(db, one, 7)).toEqual({ descrizione: 'seconda', version: 2 });

    // A missing row, and another archive's row reached by its id: the same conflict, nothing deleted.
    expect(await conflictOf(remove(one, 99, 1))).toEqual(conflict);
    expect(await conflictOf(remove(one, 8, 1))).toEqual(conflict);
    expect(await dossierExists(db, other, 8)).toBe(true);

    // Under another parent: not found there; under its own, deleted.
    expect(await conflictOf(remove(one, 7, 2, { riferimento_id: 71 }))).toEqual(conflict);
    expect(await dossierExists(db, one, 7)).toBe(true);
    await remove(one, 7, 2, { riferimento_id: 70 });
    expect(await dossierExists(db, one, 7)).toBe(false);
    expect(await dossierExists(db, other, 8)).toBe(true);

    // Deleted already: a second delete at the same version is the conflict.
    expect(await conflictOf(remove(one, 7, 2))).toEqual(conflict);
  } finally {
    await t.close();
  }
});

it('tryDeleteVersioned answers false instead of the conflict, for callers that tell missing from stale', async () => {
  const t = await buildTestApp();
  try {
    const db = t.database.db;
    const one = (await createTestSession(t)).archiveId;
    await insertDossier(db, one, 5, 50);
    const key = (objVersion: number) => ({ archiveId: one, id: 5, objVersion });
    expect(await tryDeleteVersioned(db, 'dossiers', key(3))).toBe(false);
    expect(await dossierExists(db, one, 5)).toBe(true);
    expect(await tryDeleteVersioned(db, 'dossiers', key(1))).toBe(true);
    expect(await dossierExists(db, one, 5)).toBe(false);
    expect(await tryDeleteVersioned(db, 'dossiers', key(1))).toBe(false);
  } finally {
    await t.close();
  }
});
