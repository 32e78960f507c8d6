import { endpoint } from '../common/endpoint.ts';
import { ErrorCode } from '../common/errors.ts';
import { historyPageSchema, historyParamsSchema, historyQuerySchema } from './history.schemas.ts';

export const HistoryApi = {
  /**
   * The changes of one record, newest first, by pages (keyset). Archive-wide declaration: the
   * handler checks the area of the record's kind (the one of its own detail call, 120 without it)
   * and answers 122 for a record that is not in the archive.
   */
  list: endpoint({
    operationId: 'getCronologia',
    method: 'GET',
    path: '/api/cronologia/:tipo/:id',
    summary: 'Cronologia delle modifiche di un record (chi, quando, da dove, che cosa)',
    tags: ['cronologia'],
    params: historyParamsSchema,
    query: historyQuerySchema,
    response: historyPageSchema,
    errors: [ErrorCode.Forbidden, ErrorCode.NotFound],
  }),
};
