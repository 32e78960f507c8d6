import type { Scenario } from './types.ts';

/*
 * Condominiums in the large archive (5,000 condominiums for 1,000,000 activities; 50 in the 10,000
 * one): the registry's first page, a filtered page, the search (common and rare terms) and the
 * drawer's first reads of one condominium (its record and its exercises). Terms come from the
 * generator's street names and cities.
 */

const COMMON_TERMS = ['via', 'milano', 'roma'];
const RARE_TERMS = ['garibaldi monza', 'zzqx'];

export const scenarios: Scenario[] = [
  {
    name: 'condominiums.list.firstPage',
    description: 'GET /api/condominio first page of 15 managed condominiums by intestazione',
    needsArchive: true,
    requests: () => [{ path: '/api/condominio?pageNumber=1&pageSize=15' }],
  },
  {
    name: 'condominiums.list.filtered',
    description: 'GET /api/condominio filtered by payment-account state (active), and by province (MI)',
    needsArchive: true,
    requests: () => [
      { path: '/api/condominio?pageNumber=1&pageSize=15&statoContoPagamenti=2' },
      { path: '/api/condominio?pageNumber=1&pageSize=15&provincia=MI' },
    ],
  },
  {
    name: 'condominiums.search.common',
    description: `GET /api/condominio search, common terms (${COMMON_TERMS.join(', ')}): first page and capped total`,
    needsArchive: true,
    requests: () =>
      COMMON_TERMS.map((term) => ({
        path: `/api/condominio?pageNumber=1&pageSize=15&searchQuery=${encodeURIComponent(term)}`,
      })),
  },
  {
    name: 'condominiums.search.rare',
    description: `GET /api/condominio search, rare terms (${RARE_TERMS.join(', ')})`,
    needsArchive: true,
    requests: () =>
      RARE_TERMS.map((term) => ({
        path: `/api/condominio?pageNumber=1&pageSize=15&searchQuery=${encodeURIComponent(term)}`,
      })),
  },
  {
    name: 'condominiums.drawer',
    description:
      'GET /api/condominio/{id} and /api/condominio/{id}/esercizio of the condominiums 1-20 (the drawer opening)',
    needsArchive: true,
    requests: () =>
      Array.from({ length: 20 }, (_, i) => [
        { path: `/api/condominio/${i + 1}` },
        { path: `/api/condominio/${i + 1}/esercizio` },
      ]).flat(),
  },
];
