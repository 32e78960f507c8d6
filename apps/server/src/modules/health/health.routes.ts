import { envelopeSchema } from '@stabile/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';

export async function healthRoutes(app: AppInstance) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Stato del servizio e del database',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok'), database: z.literal('ok') })) },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(109, 'Database non raggiungibile');
      }
      return ok(reply, { status: 'ok' as const, database: 'ok' as const });
    },
  );
}
