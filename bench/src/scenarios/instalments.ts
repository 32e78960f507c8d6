import { sessionData } from '../session.ts';
import type { BenchContext, BenchRequest, Scenario } from './types.ts';

/*
 * Instalments on the generated archive (10 units per condominium, each owing 12 monthly instalments
 * of the current exercise: 600,000 for 1,000,000 activities, 6,000 for 10,000). Ids are per archive
 * and generated in order: the first condominium has the closed exercises 1-4 of the four previous
 * years and its current exercise 5, condominium N > 1 its current exercise N + 4. The current exercise
 * of the first condominium was filled first: it holds registries, units and payments 1..8 at least,
 * with payments accounts after its six personal ones (ledger accounts 7-9). The same requests answer
 * alike on the small archive.
 */
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => i + from);
/** The current exercise of the first condominium, and of the first ten. */
const FIRST = 5;
const CURRENT = range(10, FIRST);

function groups(esercizioID: number, body: Record<string, unknown> = {}): BenchRequest {
  return {
    method: 'POST',
    path: '/api/rata?pageNumber=1&pageSize=15',
    body: { esercizioID, ...body },
  };
}

export const scenarios: Scenario[] = [
  {
    name: 'rate.list.anagrafica',
    description: 'POST /api/rata grouped by registry: first page with totals (10 exercises in turn)',
    needsArchive: true,
    requests: () => CURRENT.map((e) => groups(e, { tipo: 1 })),
  },
  {
    name: 'rate.list.unita',
    description: 'POST /api/rata grouped by unit, and by registry with only the overdue ones (10 exercises)',
    needsArchive: true,
    requests: () =>
      CURRENT.flatMap((e) => [groups(e, { tipo: 2 }), groups(e, { expiredImportFilter: true })]),
  },
  {
    name: 'rate.search',
    description: 'POST /api/rata with a search of 3+ characters (name words), 10 exercises x 2 terms',
    needsArchive: true,
    requests: () =>
      CURRENT.flatMap((e) => [groups(e, { searchText: 'ros' }), groups(e, { searchText: 'maria' })]),
  },
  {
    name: 'rate.dettaglio',
    description: "POST /api/rata/dettaglio of registries 1-8 of the first condominium's current exercise",
    needsArchive: true,
    requests: () =>
      range(8).map((anagrID) => ({
        method: 'POST' as const,
        path: '/api/rata/dettaglio',
        body: { condGenID: 1, esercizioID: FIRST, anagrID },
      })),
  },
  {
    name: 'rate.pdf.situazione',
    description:
      'POST /api/printSituazioneRate: statement PDF of 5 years (exercises 1-5) of units 1-4 of the first condominium',
    needsArchive: true,
    requests: () =>
      range(4).map((unit) => ({
        method: 'POST' as const,
        path: '/api/printSituazioneRate',
        body: { condGenID: 1, eserciziID: range(5), listaUnitaID: [unit] },
      })),
  },
  {
    name: 'rate.pdf.ricevuta',
    description: 'POST /api/printReceipt: the receipt PDF of payments 1-8',
    needsArchive: true,
    requests: () =>
      range(8).map((versamentoID) => ({
        method: 'POST' as const,
        path: '/api/printReceipt',
        body: { versamentoID },
      })),
  },
  {
    // Last: it writes (each request records a real payment of 1 €). As the studio's staff record them:
    // every resident of 40 condominiums' current exercises in turn (exercises 6-45, about 530 groups),
    // not 32 connections on the same few residents. The payments of every run stay, and each one's
    // answer lists its group's payments: on 8 groups a run added about 200 payments to each, and their
    // detail, which a real resident's never reaches, grew from run to run (it made the detail 6.5 times
    // as slow on the archive written to more often).
    name: 'rate.versamento',
    description:
      'POST /api/registerVersamento: a 1 € payment on each registry of 40 current exercises in turn (real writes)',
    needsArchive: true,
    requests: (context) => paymentRequests(context, range(40, FIRST + 1)),
  },
];

/** A payment of 1 € for each registry of the exercises, on each one's payments account. */
async function paymentRequests(context: BenchContext, exercises: number[]): Promise<BenchRequest[]> {
  const { session, baseURL } = context;
  if (!session) return [];
  const read = <T>(method: string, path: string, body?: unknown) =>
    sessionData<T>(baseURL, session, method, path, body);
  const data = new Date().toISOString().slice(0, 10);
  const perExercise = await Promise.all(
    exercises.map(async (esercizioID) => {
      const [groups, accounts] = await Promise.all([
        read<Array<{ id: number; condominioID: number }>>('POST', '/api/rata?pageNumber=1&pageSize=100', {
          esercizioID,
          tipo: 1,
        }),
        read<Array<{ id: number }>>('GET', `/api/conto/lookup?TipoConto=1&EserciziID=${esercizioID}`),
      ]);
      const contoID = accounts[0]?.id;
      if (contoID === undefined) return [];
      return groups.map(
        (group): BenchRequest => ({
          method: 'POST',
          path: '/api/registerVersamento',
          body: {
            condGenID: group.condominioID,
            esercizioID,
            anagrID: group.id,
            data,
            importo: 100,
            contoID,
            modalita: 'Bonifico',
          },
        }),
      );
    }),
  );
  // One exercise after another on each connection's way through the list.
  const lists = perExercise.filter((list) => list.length > 0);
  const longest = Math.max(0, ...lists.map((list) => list.length));
  return range(longest, 0).flatMap((i) =>
    lists.flatMap((list) => (i < list.length ? [list[i] as BenchRequest] : [])),
  );
}
