import type { BenchRequest, Scenario } from './types.ts';

/*
 * Search everything (GET /api/cerca, issue 28) in the large archive (1M activities, 200,000
 * persons, 2,000 providers): each request searches the five kinds, a few hits each with a capped
 * count. Common terms (thousands of matches in some kind: the hits must not pay for them), rare ones
 * (a few matches or none) and several words together. Terms come from the generator's Italian
 * names, cities, company names and activity titles.
 */

const COMMON_TERMS = ['rossi', 'milano', 'caldaia', 'ascensore', 'idraulica', 'via'];
const RARE_TERMS = ['rossi mario milano', 'idraulica esposito torino', 'citofono guasto', 'zzqx'];

const search = (q: string): BenchRequest => ({ path: `/api/cerca?q=${encodeURIComponent(q)}` });

export const scenarios: Scenario[] = [
  {
    name: 'search.common',
    description: `GET /api/cerca, common terms (${COMMON_TERMS.join(', ')}): 5 hits per kind and capped counts`,
    needsArchive: true,
    requests: () => COMMON_TERMS.map(search),
  },
  {
    name: 'search.rare',
    description: `GET /api/cerca, rare terms and several words (${RARE_TERMS.join(', ')})`,
    needsArchive: true,
    requests: () => RARE_TERMS.map(search),
  },
];
