import { PersonaApi as Api } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { listPersonAttachments } from './person-attachments.ts';
import { registryCalls } from './registry.routes.ts';

/** Contacts (spec section 7, Contacts): the registry calls of the `persons` table, and attachments. */
export async function peopleRoutes(app: AppInstance) {
  const calls = registryCalls(app, 'persons');
  route(app, Api.list, ({ scope, query }) => calls.list(scope, query, { search: query.searchQuery }));
  route(app, Api.get, ({ scope, params }) => calls.get(scope, params.id));
  route(app, Api.create, ({ scope, body }) => calls.create(scope, body));
  route(app, Api.update, ({ scope, params, body }) => calls.update(scope, params.id, body));
  route(app, Api.remove, ({ scope, params, query }) => calls.remove(scope, params.id, query.objVersion));
  route(app, Api.allegati, async ({ scope, params }) => {
    await calls.get(scope, params.id);
    return listPersonAttachments(app.db, scope.archiveId, params.id);
  });
}
