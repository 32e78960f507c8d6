import { HistoryApi } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { listHistory } from './history.service.ts';

/** The history of every record (issue 28, part 3). */
export async function historyRoutes(app: AppInstance) {
  route(app, HistoryApi.list, ({ scope, params, query }) =>
    listHistory(app.db, scope, params.tipo, params.id, query),
  );
}
