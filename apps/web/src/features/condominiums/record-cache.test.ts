import { notifications } from '@mantine/notifications';
import { CondominioApi as Api } from '@stabile/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { sessionStore } from '../../shared/session/session-storage.ts';
import { envelope, mockFetch } from '../../test/render.tsx';
import { condominiumsApi } from './condominiums-api.ts';

const record = { id: 1, intestazione: 'Condominio Aurora', objVersion: 1 };
const insurance = (id: number, dataScadenza: string | null, objVersion = 1) => ({
  id,
  condominioID: 1,
  compagnia: `Compagnia ${id}`,
  dataScadenza,
  objVersion,
});
const exercise = (id: number, dataInizio: string, chiuso: boolean) => ({
  id,
  condominioID: 1,
  descrizione: `Esercizio ${id}`,
  dataInizio,
  chiuso,
  objVersion: 1,
});

function setUp(routes: Parameters<typeof mockFetch>[0]) {
  const mocked = mockFetch({
    'GET /api/condominio/1': () => envelope(record),
    'GET /api/condominio/1/assicurazione': () =>
      envelope([insurance(2, '2027-06-30'), insurance(1, '2026-12-31'), insurance(3, null)]),
    'GET /api/condominio/1/esercizio': (r) =>
      envelope(
        new URL(r.url).searchParams.get('EserciziAperti') === '1'
          ? [exercise(5, '2026-01-01', false)]
          : [exercise(5, '2026-01-01', false), exercise(4, '2025-01-01', true)],
      ),
    'GET /api/condominio/1/fondo': () => envelope([]),
    'GET /api/condominio/1/risorsa': () => envelope([]),
    'GET /api/condominio/1/saldoTsPay': () => envelope({ stato: 2, saldoCents: 0 }),
    ...routes,
  });
  vi.stubGlobal('fetch', mocked.fn);
  sessionStore.writeAccessToken('token');
  sessionStore.writeArchive({ id: 7, nome: 'Studio Rossi' });
  return { store: makeStore(), calls: mocked.calls };
}

const gets = (calls: Request[]) =>
  calls.filter((c) => c.method === 'GET').map((c) => new URL(c.url).pathname + new URL(c.url).search);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the cache after a write of a condominium's records", () => {
  it("puts a created or edited policy into its list in the server's order, and reads nothing again", async () => {
    const { store, calls } = setUp({
      'POST /api/condominio/1/assicurazione': () => envelope(insurance(9, '2027-01-15')),
      'PUT /api/condominio/1/assicurazione/2': () => envelope(insurance(2, '2025-03-01', 2)),
      'DELETE /api/condominio/1/assicurazione/1': () => envelope({ id: 1 }),
    });
    const subscriptions = [
      store.dispatch(condominiumsApi.endpoints.condominium.initiate(1)),
      store.dispatch(condominiumsApi.endpoints.insurances.initiate(1)),
      store.dispatch(condominiumsApi.endpoints.exercises.initiate({ id: 1 })),
    ];
    await Promise.all(subscriptions);
    const readsBefore = gets(calls).length;
    const policies = () =>
      condominiumsApi.endpoints.insurances
        .select(1)(store.getState())
        .data?.map((p) => [p.id, p.objVersion]);

    const write = condominiumsApi.endpoints.writeRecord.initiate;
    await store.dispatch(write({ declaration: Api.creaAssicurazione, params: { id: 1 }, body: {} })).unwrap();
    expect(policies()).toEqual([
      [2, 1],
      [9, 1],
      [1, 1],
      [3, 1],
    ]);
    await store
      .dispatch(write({ declaration: Api.modificaAssicurazione, params: { id: 1, itemId: 2 }, body: {} }))
      .unwrap();
    expect(policies()).toEqual([
      [9, 1],
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    await store
      .dispatch(write({ declaration: Api.eliminaAssicurazione, params: { id: 1, itemId: 1 }, objVersion: 1 }))
      .unwrap();
    expect(policies()).toEqual([
      [9, 1],
      [2, 2],
      [3, 1],
    ]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Neither the condominium, nor its policies, nor its exercises were fetched again.
    expect(gets(calls)).toHaveLength(readsBefore);
    for (const s of subscriptions) s.unsubscribe();
  });

  it('a closed exercise leaves the list of open ones and moves in the list of all', async () => {
    const { store, calls } = setUp({
      'PUT /api/condominio/1/esercizio/5': () => envelope(exercise(5, '2026-01-01', true)),
    });
    const all = store.dispatch(condominiumsApi.endpoints.exercises.initiate({ id: 1 }));
    const open = store.dispatch(condominiumsApi.endpoints.exercises.initiate({ id: 1, EserciziAperti: 1 }));
    const condominium = store.dispatch(condominiumsApi.endpoints.condominium.initiate(1));
    await Promise.all([all, open, condominium]);
    const readsBefore = gets(calls).length;

    await store
      .dispatch(
        condominiumsApi.endpoints.writeRecord.initiate({
          declaration: Api.modificaEsercizio,
          params: { id: 1, esercizioId: 5 },
          body: {},
        }),
      )
      .unwrap();
    const state = store.getState();
    expect(
      condominiumsApi.endpoints.exercises
        .select({ id: 1 })(state)
        .data?.map((e) => e.chiuso),
    ).toEqual([true, true]);
    expect(condominiumsApi.endpoints.exercises.select({ id: 1, EserciziAperti: 1 })(state).data).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gets(calls)).toHaveLength(readsBefore);
    for (const s of [all, open, condominium]) s.unsubscribe();
  });

  it("a resource's write reads again its funds and the balance, not the condominium; a failed write changes nothing", async () => {
    const { store, calls } = setUp({
      'POST /api/condominio/1/risorsa': () =>
        envelope({ id: 3, condominioID: 1, versione: 2, descrizione: 'Conto', objVersion: 1 }),
      'POST /api/condominio/1/assicurazione': () =>
        new Response(JSON.stringify({ data: null, error: { code: 110, message: 'Dati non validi' } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const subscriptions = [
      store.dispatch(condominiumsApi.endpoints.condominium.initiate(1)),
      store.dispatch(condominiumsApi.endpoints.resources.initiate(1)),
      store.dispatch(condominiumsApi.endpoints.funds.initiate(1)),
      store.dispatch(condominiumsApi.endpoints.balance.initiate({ id: 1 })),
      store.dispatch(condominiumsApi.endpoints.insurances.initiate(1)),
    ];
    await Promise.all(subscriptions);
    const readsBefore = gets(calls).length;
    await store
      .dispatch(
        condominiumsApi.endpoints.writeRecord.initiate({
          declaration: Api.creaRisorsa,
          params: { id: 1 },
          body: {},
        }),
      )
      .unwrap();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reads = gets(calls).slice(readsBefore);
    expect(reads.sort()).toEqual(['/api/condominio/1/fondo', '/api/condominio/1/saldoTsPay']);
    expect(
      condominiumsApi.endpoints.resources
        .select(1)(store.getState())
        .data?.map((r) => r.id),
    ).toEqual([3]);

    const failed = await store.dispatch(
      condominiumsApi.endpoints.writeRecord.initiate({
        declaration: Api.creaAssicurazione,
        params: { id: 1 },
        body: {},
      }),
    );
    expect('error' in failed).toBe(true);
    expect(condominiumsApi.endpoints.insurances.select(1)(store.getState()).data).toHaveLength(3);
    for (const s of subscriptions) s.unsubscribe();
  });
});
