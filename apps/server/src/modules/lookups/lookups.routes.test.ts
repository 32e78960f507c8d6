import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

let t: TestApp;
let s: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, session = s) {
  const res = await t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
  return { status: res.statusCode, body: res.json() as { data: any; error: any } };
}

describe('lookups', () => {
  it('finds Milano, MI from CAP 20121 and the CAPs of a city by name prefix', async () => {
    const byCap = await call('GET', '/api/localita?cap=20121');
    expect(byCap.body.data).toEqual([{ cap: '20121', citta: 'Milano', prov: 'MI' }]);
    const byName = await call('GET', '/api/localita?citta=forl%C3%AC');
    expect(byName.body.data[0]).toMatchObject({ citta: 'Forlì', prov: 'FC' });
    const many = await call('GET', '/api/localita?citta=Milano&limit=100');
    expect(many.body.data.filter((l: { citta: string }) => l.citta === 'Milano').length).toBeGreaterThan(30);
    const bySearch = await call('GET', '/api/localita?searchQuery=0018');
    expect(bySearch.body.data.every((l: { cap: string }) => l.cap.startsWith('0018'))).toBe(true);
    const bad = await call('GET', '/api/localita?cap=20A21');
    expect(bad.body.error).toMatchObject({ code: 113, message: 'CAP non valido (cap)' });
  });

  it.each([
    ['/api/nazione', 'Italia', 'Islanda'],
    ['/api/titoloAnagrafica', 'Dott.', 'Cav.'],
    ['/api/fornitore/tipoAttivita', 'Idraulico', 'Giardiniere verticale'],
  ])('%s lists the defaults and adds an entry once', async (path, known, added) => {
    const list = await call('GET', path);
    expect(list.body.data.map((x: { testo: string }) => x.testo)).toContain(known);
    const created = await call('POST', path, { testo: added });
    expect(created.body.data).toMatchObject({ testo: added });
    const again = await call('POST', path, { testo: added.toUpperCase() });
    expect(again.body.data.id).toBe(created.body.data.id);
    const missing = await call('POST', path, { testo: ' ' });
    expect(missing.body.error).toMatchObject({ code: 113, message: 'Manca un campo obbligatorio (testo)' });
    const other = await createTestSession(t);
    const theirs = await call('GET', path, undefined, other);
    expect(theirs.body.data.map((x: { testo: string }) => x.testo)).not.toContain(added);
  });

  it('lists the assignment types and the operators of the archive', async () => {
    const types = await call('GET', '/api/tipoIncarico');
    expect(types.body.data.map((x: { testo: string }) => x.testo)).toContain('Amministratore');
    const ops = await call('GET', '/api/operatore');
    expect(ops.status).toBe(200);
    expect(ops.body.data.length).toBeGreaterThan(0);
  });

  it('answers the account lookup of an exercise, validating its parameters', async () => {
    const res = await call('GET', '/api/conto/lookup?TipoConto=0&EserciziID=1');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    const bad = await call('GET', '/api/conto/lookup?TipoConto=3&EserciziID=1');
    expect(bad.body.error).toMatchObject({ code: 113, message: 'Tipo di conto non valido (TipoConto)' });
  });
});
