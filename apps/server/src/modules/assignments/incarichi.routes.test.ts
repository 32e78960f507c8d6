import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

let t: TestApp;
let s: TestSession;
let condominioID: number;
let personaID: number;
let tipoIncaricoID: number;

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, session = s) {
  const res = await t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
  return { status: res.statusCode, body: res.json() as { data: any; error: any } };
}

/** A bare condominium row (the condominiums area has its own tests and API). */
async function insertCondominium(archiveId: number, id: number) {
  const now = new Date().toISOString();
  await (t.database.db as unknown as Kysely<Record<string, Json>>)
    .insertInto('condominiums')
    .values({
      archive_id: archiveId,
      id,
      codice: `C${id}`,
      intestazione: `Condominio ${id}`,
      intestazione_sort: `condominio ${id}`,
      search_doc: `condominio ${id}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  condominioID = 9001;
  await insertCondominium(s.archiveId, condominioID);
  personaID = (await call('POST', '/api/persona', { descr: 'Neri Paolo' })).body.data.id;
  tipoIncaricoID = (await call('GET', '/api/tipoIncarico')).body.data.find(
    (x: Json) => x.testo === 'Revisore dei conti',
  ).id;
});
afterAll(async () => {
  await t.close();
});

describe('assignments (/api/incarico)', () => {
  it('creates, lists by condominium and person, updates and deletes an assignment', async () => {
    const created = await call('POST', '/api/incarico', {
      condominioID,
      personaID,
      tipoIncaricoID,
      dataInizio: '2025-01-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      personaDescr: 'Neri Paolo',
      tipoIncaricoDescr: 'Revisore dei conti',
      objVersion: 1,
    });
    const id = created.body.data.id;
    expect((await call('GET', `/api/incarico?CondominioID=${condominioID}`)).body.data).toHaveLength(1);
    expect((await call('GET', `/api/incarico?PersonaID=${personaID}`)).body.data[0].id).toBe(id);
    const none = await call('GET', '/api/incarico');
    expect(none.body.error).toMatchObject({ code: 113, message: 'Indica il condominio o la persona' });

    // The person is in use: it cannot be deleted.
    const del = await call('DELETE', `/api/persona/${personaID}?objVersion=1`);
    expect(del.body.error).toMatchObject({
      code: 115,
      message: 'Il contatto non può essere eliminato perché è usato in: incarichi.',
    });

    const updated = await call('PUT', `/api/incarico/${id}`, {
      condominioID,
      personaID,
      tipoIncaricoID,
      dataInizio: '2025-01-01',
      dataFine: '2025-12-31',
      objVersion: 1,
    });
    expect(updated.body.data).toMatchObject({ dataFine: '2025-12-31', objVersion: 2 });
    const stale = await call('PUT', `/api/incarico/${id}`, {
      condominioID,
      personaID,
      tipoIncaricoID,
      objVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect((await call('DELETE', `/api/incarico/${id}?objVersion=2`)).status).toBe(200);
    expect((await call('GET', `/api/incarico/${id}`)).status).toBe(404);
  });

  it('validates the references and the dates', async () => {
    const base = { condominioID, personaID, tipoIncaricoID };
    const cases: Array<[Json, string]> = [
      [{ ...base, personaID: 424242 }, 'Persona non valida (personaID)'],
      [{ ...base, tipoIncaricoID: 424242 }, 'Tipo di incarico non valido (tipoIncaricoID)'],
      [{ ...base, condominioID: 424242 }, 'Condominio non valido (condominioID)'],
      [{ ...base, dataInizio: '2025-02-30' }, 'Data non valida, usa il formato AAAA-MM-GG (dataInizio)'],
      [
        { ...base, dataInizio: '2025-05-01', dataFine: '2025-04-01' },
        'La data di fine non può precedere la data di inizio (dataFine)',
      ],
      [{ condominioID, tipoIncaricoID }, 'Manca un campo obbligatorio (personaID)'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('POST', '/api/incarico', payload);
      expect(res.body.error, message).toMatchObject({ code: 113, message });
    }
  });

  it('does not see assignments of another archive', async () => {
    const created = await call('POST', '/api/incarico', { condominioID, personaID, tipoIncaricoID });
    const stranger = await createTestSession(t);
    expect((await call('GET', `/api/incarico/${created.body.data.id}`, undefined, stranger)).status).toBe(
      404,
    );
    expect(
      (await call('GET', `/api/incarico?PersonaID=${personaID}`, undefined, stranger)).body.data,
    ).toEqual([]);
    const del = await call(
      'DELETE',
      `/api/incarico/${created.body.data.id}?objVersion=1`,
      undefined,
      stranger,
    );
    expect(del.status).toBe(404);
    expect((await call('GET', `/api/incarico/${created.body.data.id}`)).status).toBe(200);
  });
});
