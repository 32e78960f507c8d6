import { endpoint } from '../common/endpoint.ts';
import { searchQuerySchema, searchResultSchema } from './search.schemas.ts';

export const SearchApi = {
  /**
   * Search everything: activities, contacts, providers, condominiums and common parts of the
   * archive, a few of each kind, best first. Archive-wide (no area): each kind is left out when the
   * user lacks its area.
   */
  search: endpoint({
    operationId: 'searchEverything',
    method: 'GET',
    path: '/api/cerca',
    summary: 'Cerca in attività, contatti, fornitori, condomini e parti comuni',
    tags: ['ricerca'],
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
};
