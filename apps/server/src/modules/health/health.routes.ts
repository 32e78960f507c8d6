import { SystemApi } from '@stabile/contract';
import { sql } from 'kysely';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { route } from '../../shared/route.ts';

export async function healthRoutes(app: AppInstance) {
  route(app, SystemApi.health, async () => {
    try {
      await sql`select 1`.execute(app.db);
    } catch (error) {
      app.log.error({ err: error }, 'health check: database unreachable');
      throw new AppError(109, 'Database non raggiungibile');
    }
    return { status: 'ok' as const, database: 'ok' as const };
  });
}
