import type { BenchRequest, Scenario } from './types.ts';

/*
 * Contacts and providers in the large archive (200,000 persons, 2,000 providers): the first page,
 * and the full-text search with common terms (thousands of matches: the page must not pay for
 * them, the total is capped) and rare ones (a few matches or none: the index answers at once).
 * Terms come from the generator's Italian names, cities and company names.
 */

function page(path: '/api/persona' | '/api/fornitore', searchQuery?: string): BenchRequest {
  const params = new URLSearchParams({ pageNumber: '1', pageSize: '15', OrderBy: 'descr' });
  if (searchQuery) params.set('searchQuery', searchQuery);
  return { path: `${path}?${params}` };
}

/** Surname, city and a 3-character prefix shared by many surnames. */
const COMMON_PERSON_TERMS = ['rossi', 'milano', 'ros'];
/** Several terms together (few rows have them all) and a term nobody has. */
const RARE_PERSON_TERMS = ['rossi mario milano', 'ferrari giulia lecco', 'zzqx'];
const COMMON_PROVIDER_TERMS = ['idraulica', 'servizi', 'group'];
const RARE_PROVIDER_TERMS = ['idraulica esposito torino', 'ascensori lodi', 'zzqx'];

export const scenarios: Scenario[] = [
  {
    name: 'people.persona.firstPage',
    description: 'GET /api/persona first page of 15 in description order, no search',
    needsArchive: true,
    requests: () => [page('/api/persona')],
  },
  {
    name: 'people.persona.searchCommon',
    description: `GET /api/persona search, common terms (${COMMON_PERSON_TERMS.join(', ')}): first page and capped total`,
    needsArchive: true,
    requests: () => COMMON_PERSON_TERMS.map((term) => page('/api/persona', term)),
  },
  {
    name: 'people.persona.searchRare',
    description: `GET /api/persona search, rare terms (${RARE_PERSON_TERMS.join(', ')})`,
    needsArchive: true,
    requests: () => RARE_PERSON_TERMS.map((term) => page('/api/persona', term)),
  },
  {
    name: 'people.fornitore.firstPage',
    description: 'GET /api/fornitore first page of 15 in description order, no search',
    needsArchive: true,
    requests: () => [page('/api/fornitore')],
  },
  {
    name: 'people.fornitore.searchCommon',
    description: `GET /api/fornitore search, common terms (${COMMON_PROVIDER_TERMS.join(', ')})`,
    needsArchive: true,
    requests: () => COMMON_PROVIDER_TERMS.map((term) => page('/api/fornitore', term)),
  },
  {
    name: 'people.fornitore.searchRare',
    description: `GET /api/fornitore search, rare terms (${RARE_PROVIDER_TERMS.join(', ')})`,
    needsArchive: true,
    requests: () => RARE_PROVIDER_TERMS.map((term) => page('/api/fornitore', term)),
  },
];
