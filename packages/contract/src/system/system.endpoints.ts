import { z } from 'zod';
import { changelogEntrySchema } from '../changelog/index.ts';
import { endpoint } from '../common/endpoint.ts';
import { ErrorCode } from '../common/errors.ts';

/** The state of the service: the process answers and the database is reachable. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

const tags = ['sistema'] as const;

/** Calls about the service itself, open to anyone. */
export const SystemApi = {
  health: endpoint({
    operationId: 'statoServizio',
    method: 'GET',
    path: '/health',
    summary: 'Stato del servizio e del database',
    tags,
    auth: 'none',
    response: healthSchema,
    errors: [ErrorCode.Unexpected],
  }),
  changelog: endpoint({
    operationId: 'novita',
    method: 'GET',
    path: '/api/changelog',
    summary: 'Le novità delle ultime versioni (pannello "Novità")',
    tags,
    auth: 'none',
    response: z.array(changelogEntrySchema),
  }),
};
