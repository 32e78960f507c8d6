import type { BenchRequest, Scenario } from './types.ts';

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
    // Last: it writes (each request records a real payment of 1 € on registries 71-78, those of the
    // second condominium's current exercise 6, whose payments account is ledger account 52). Not on
    // the registries that rate.dettaglio reads: a group's detail lists every payment of the group,
    // and the payments of every run stay (on registries 1-8 they made the detail of the large
    // archive, written to more often, 6.5 times as slow as the small one's).
    name: 'rate.versamento',
    description:
      "POST /api/registerVersamento: a 1 € payment on registries 71-78 of the second condominium's current exercise (real writes)",
    needsArchive: true,
    requests: () =>
      range(8, 71).map((anagrID) => ({
        method: 'POST' as const,
        path: '/api/registerVersamento',
        body: {
          condGenID: 2,
          esercizioID: FIRST + 1,
          anagrID,
          data: new Date().toISOString().slice(0, 10),
          importo: 100,
          contoID: 52,
          modalita: 'Bonifico',
        },
      })),
  },
];
