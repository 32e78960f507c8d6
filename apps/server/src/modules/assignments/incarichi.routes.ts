import { IncaricoApi as Api } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import {
  createIncarico,
  deleteIncarico,
  getIncarico,
  listIncarichi,
  updateIncarico,
} from './incarichi.service.ts';

/** Assignments (incarichi) of people in condominiums. */
export async function incarichiRoutes(app: AppInstance) {
  route(app, Api.list, ({ scope, query }) => listIncarichi(app.db, scope.archiveId, query));
  route(app, Api.get, ({ scope, params }) => getIncarico(app.db, scope.archiveId, params.id));
  route(app, Api.create, ({ scope, body }) => createIncarico(app.db, scope.archiveId, body));
  route(app, Api.update, ({ scope, params, body }) =>
    updateIncarico(app.db, scope.archiveId, params.id, body),
  );
  route(app, Api.remove, async ({ scope, params, query }) => {
    await deleteIncarico(app.db, scope.archiveId, params.id, query.objVersion);
    return { id: params.id };
  });
}
