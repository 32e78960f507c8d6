import type { BenchRequest, Scenario } from './types.ts';

/*
 * Common parts in the large archive (plants and environments of each of its 5,000 condominiums:
 * 22,358 for 1,000,000 activities): the first page of the whole archive's list, the list filtered
 * by category and type, and the search (a frequent word, a word with its condominium's city, a rare
 * one). Terms come from the generator's names of plants and environments.
 */

function page(query: Record<string, string> = {}): BenchRequest {
  const params = new URLSearchParams({ pageNumber: '1', pageSize: '15', ...query });
  return { path: `/api/parteComune?${params}` };
}

const SEARCH_TERMS = ['ascensore', 'cancello', 'centrale termica', 'zzqx'];

export const scenarios: Scenario[] = [
  {
    name: 'commonParts.list',
    description: 'GET /api/parteComune first page of 15 by name, every condominium of the archive',
    needsArchive: true,
    requests: () => [page()],
  },
  {
    name: 'commonParts.filter',
    description: 'GET /api/parteComune filtered: plants of type lift; environments; plants',
    needsArchive: true,
    requests: () => [page({ categoria: '0', tipo: '1' }), page({ categoria: '1' }), page({ categoria: '0' })],
  },
  {
    name: 'commonParts.search',
    description: `GET /api/parteComune search (${SEARCH_TERMS.join(', ')}): first page and capped total`,
    needsArchive: true,
    requests: () => SEARCH_TERMS.map((searchQuery) => page({ searchQuery })),
  },
];
