import { RegistryType } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArchiveContent } from '../../seed/archive-content.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

/*
 * The references of other areas (condominium registries, activities, interventions, supplier
 * assignments, common-part services), a person's attachments and the account lookup, on a small
 * generated archive: what the API answers must match the rows of those tables.
 */

let t: TestApp;
let s: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
  await seedArchiveContent(t.database.db, s.archiveId, { scale: 0.1, seed: 7 });
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Json, session = s) {
  const res = await t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
  return { status: res.statusCode, body: res.json() as { data: any; error: any } };
}

async function deleteRefused(path: string, id: number, place: string) {
  const got = await call('GET', `${path}/${id}`);
  expect(got.status).toBe(200);
  const res = await call('DELETE', `${path}/${id}?objVersion=${got.body.data.objVersion}`);
  expect(res.status).toBe(409);
  expect(res.body.error.code).toBe(115);
  expect(res.body.error.message).toContain(place);
  expect((await call('GET', `${path}/${id}`)).status).toBe(200);
}

describe('records in use by other areas', () => {
  it('refuses to delete a contact that a condominium registry uses', async () => {
    const row = await t.database.db
      .selectFrom('registries')
      .select('persona_id')
      .where('archive_id', '=', s.archiveId)
      .executeTakeFirstOrThrow();
    await deleteRefused('/api/persona', Number(row.persona_id), 'anagrafiche condominiali e rate');
  });

  it('refuses to delete a contact that requested an activity', async () => {
    const row = await t.database.db
      .selectFrom('activities')
      .select('richiedente_id')
      .where('archive_id', '=', s.archiveId)
      .where('richiedente_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await deleteRefused('/api/persona', Number(row.richiedente_id), 'attività');
  });

  it('refuses to delete a provider with interventions and supplier assignments', async () => {
    const row = await t.database.db
      .selectFrom('supplier_assignments')
      .select('fornitore_id')
      .where('archive_id', '=', s.archiveId)
      .executeTakeFirstOrThrow();
    await deleteRefused('/api/fornitore', Number(row.fornitore_id), 'interventi delle attività');
    await deleteRefused('/api/fornitore', Number(row.fornitore_id), 'incarichi ai fornitori');
  });

  it('refuses to delete a provider of a common-part service', async () => {
    const row = await t.database.db
      .selectFrom('common_part_services')
      .select('fornitore_id')
      .where('archive_id', '=', s.archiveId)
      .where('fornitore_id', 'is not', null)
      .executeTakeFirstOrThrow();
    await deleteRefused('/api/fornitore', Number(row.fornitore_id), 'servizi delle parti comuni');
  });

  it('deletes a contact nothing references', async () => {
    const created = await call('POST', '/api/persona', { descr: 'Libero Da Vincoli' });
    const res = await call('DELETE', `/api/persona/${created.body.data.id}?objVersion=1`);
    expect(res.status).toBe(200);
  });
});

describe('attachments of a contact', () => {
  it('lists the files referencing the person, newest first, and none of another archive', async () => {
    const created = await call('POST', '/api/persona', { descr: 'Con Documenti' });
    const personId = created.body.data.id as number;
    const base = {
      archive_id: s.archiveId,
      riferimento_tipo: RegistryType.Person,
      riferimento_id: personId,
      tipo_origine: 0,
      fascicolo_id: null,
      content_type: 'application/pdf',
      codice: null,
      anno: null,
      created_at: '2026-01-10T09:00:00.000Z',
      obj_version: 1,
    };
    await t.database.db
      .insertInto('attachments')
      .values([
        {
          ...base,
          id: 900_001,
          nome_file: 'documento-identita.pdf',
          data_ora: '2026-01-10T09:00:00.000Z',
          chiave_download: 'k-900001',
          dimensione: 2048,
          storage_key: 's-900001',
        },
        {
          ...base,
          id: 900_002,
          nome_file: 'delega.pdf',
          data_ora: '2026-02-01T10:30:00.000Z',
          chiave_download: 'k-900002',
          dimensione: 4096,
          storage_key: 's-900002',
        },
        // Same number, but a provider's file: not the person's.
        {
          ...base,
          id: 900_003,
          riferimento_tipo: RegistryType.Provider,
          nome_file: 'fattura.pdf',
          data_ora: '2026-02-02T10:30:00.000Z',
          chiave_download: 'k-900003',
          dimensione: 1024,
          storage_key: 's-900003',
        },
      ])
      .execute();

    const res = await call('GET', `/api/persona/${personId}/allegati`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        id: 900_002,
        nomeFile: 'delega.pdf',
        dataOra: '2026-02-01T10:30:00.000Z',
        dimensione: 4096,
        chiaveDownload: 'k-900002',
      },
      {
        id: 900_001,
        nomeFile: 'documento-identita.pdf',
        dataOra: '2026-01-10T09:00:00.000Z',
        dimensione: 2048,
        chiaveDownload: 'k-900001',
      },
    ]);
    expect((await call('GET', `/api/persona/${personId}/allegati`, undefined, other)).status).toBe(404);
  });
});

describe('account lookup (/api/conto/lookup)', () => {
  it('answers the accounts of an exercise by kind in code order, nothing for another archive', async () => {
    const account = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['esercizio_id', 'tipo_conto'])
      .where('archive_id', '=', s.archiveId)
      .executeTakeFirstOrThrow();
    const expected = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['id', 'codice', 'descrizione'])
      .where('archive_id', '=', s.archiveId)
      .where('esercizio_id', '=', account.esercizio_id)
      .where('tipo_conto', '=', account.tipo_conto)
      .execute();
    const url = `/api/conto/lookup?TipoConto=${account.tipo_conto}&EserciziID=${account.esercizio_id}`;

    const res = await call('GET', url);
    expect(res.status).toBe(200);
    const codes = expected.map((r) => r.codice).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(res.body.data.map((x: { codice: string }) => x.codice)).toEqual(codes);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      codice: codes[0],
      descr: expected.find((r) => r.codice === codes[0])?.descrizione,
    });
    expect((await call('GET', url, undefined, other)).body.data).toEqual([]);
  });
});
