import { FornitoreApi as Api } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { registryCalls } from '../people/registry.routes.ts';

/** Providers (spec section 7, Suppliers): the registry calls of the `providers` table. */
export async function providersRoutes(app: AppInstance) {
  const calls = registryCalls(app, 'providers');
  route(app, Api.list, ({ scope, query }) =>
    calls.list(scope, query, {
      search: query.searchQuery,
      tipoAttivitaID: query.tipoAttivitaID,
      durcStato: query.durcStato,
    }),
  );
  route(app, Api.get, ({ scope, params }) => calls.get(scope, params.id));
  route(app, Api.create, ({ scope, body }) => calls.create(scope, body));
  route(app, Api.update, ({ scope, params, body }) => calls.update(scope, params.id, body));
  route(app, Api.remove, ({ scope, params, query }) => calls.remove(scope, params.id, query.objVersion));
}
