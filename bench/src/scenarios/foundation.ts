import type { Scenario } from './types.ts';

export const scenarios: Scenario[] = [
  {
    name: 'health',
    description: 'GET /health: routing, envelope and one database round trip',
    needsArchive: false,
    requests: () => [{ path: '/health' }],
  },
  {
    name: 'persona.list',
    description:
      'GET /api/persona first page of 15 in the large archive (auth guard, archive scope, list index)',
    needsArchive: true,
    requests: () => [{ path: '/api/persona?pageNumber=1&pageSize=15' }],
  },
];
