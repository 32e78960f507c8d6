import type { Scenario } from './types.ts';

/**
 * Activities on the large archive: the list's hot paths. Each scenario cycles through a few
 * requests so that one cached page does not flatter the figures. Ids are per archive and the
 * generated archive numbers its condominiums and activities from 1.
 */
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const SEARCH_TERMS = ['citofono', 'ascensore', 'infiltrazioni', 'cancello', 'caldaia', 'antenna'];

export const scenarios: Scenario[] = [
  {
    name: 'attivita.list.aperte',
    description: 'GET /api/attivita?stato=1: first page of the open tab (index walk, total from the counter)',
    needsArchive: true,
    requests: () => [{ path: '/api/attivita?stato=1&pageNumber=1&pageSize=15' }],
  },
  {
    name: 'attivita.list.filtro',
    description:
      'GET /api/attivita with a filter: open, priority 1-4 in turn (filter index, capped count up to 1,000)',
    needsArchive: true,
    requests: () =>
      range(4).map((p) => ({ path: `/api/attivita?stato=1&priorita=${p}&pageNumber=1&pageSize=15` })),
  },
  {
    name: 'attivita.list.condominio',
    // Ten condominiums: the small archive of BENCH_COMPARE has ten, so both archives answer the
    // same requests (with twenty, half of the small archive's answers were empty).
    description: 'GET /api/attivita?condGenID=N: the activities of one condominium (10 condominiums in turn)',
    needsArchive: true,
    requests: () => range(10).map((c) => ({ path: `/api/attivita?condGenID=${c}&pageNumber=1&pageSize=15` })),
  },
  {
    name: 'attivita.list.chiuse',
    description:
      'GET /api/attivita?stato=0: the closed tab (closed in the last 30 days), newest and oldest first, with and without a priority',
    needsArchive: true,
    requests: () => [
      { path: '/api/attivita?stato=0&pageNumber=1&pageSize=15' },
      { path: '/api/attivita?stato=0&orderBy=menoRecenti&pageNumber=1&pageSize=15' },
      { path: '/api/attivita?stato=0&priorita=1&pageNumber=1&pageSize=15' },
    ],
  },
  {
    name: 'attivita.list.tutte',
    description:
      'GET /api/attivita without a state: every state with a manager, a service or a priority, or by due date',
    needsArchive: true,
    requests: () => [
      { path: `/api/attivita?gestore=${encodeURIComponent('Luca Verdi')}&pageNumber=1&pageSize=15` },
      { path: '/api/attivita?servizio=1&pageNumber=1&pageSize=15' },
      { path: '/api/attivita?priorita=4&orderBy=menoRecenti&pageNumber=1&pageSize=15' },
      { path: '/api/attivita?orderBy=scadenza&pageNumber=1&pageSize=15' },
    ],
  },
  {
    name: 'attivita.search',
    description:
      'GET /api/attivita?searchQuery=term: full-text search, newest matches first (6 terms in turn)',
    needsArchive: true,
    requests: () =>
      SEARCH_TERMS.map((term) => ({ path: `/api/attivita?searchQuery=${term}&pageNumber=1&pageSize=15` })),
  },
  {
    name: 'attivita.search.filtro',
    description: 'GET /api/attivita?searchQuery=term&stato=1&priorita=4: search with filters',
    needsArchive: true,
    requests: () =>
      SEARCH_TERMS.map((term) => ({
        path: `/api/attivita?searchQuery=${term}&stato=1&priorita=4&pageNumber=1&pageSize=15`,
      })),
  },
  {
    name: 'attivita.dettaglio',
    description:
      'GET /api/attivita/{id}: the drawer (activity, events, interventions, assignments) in one call',
    needsArchive: true,
    requests: () => range(50).map((i) => ({ path: `/api/attivita/${i * 97}` })),
  },
];
