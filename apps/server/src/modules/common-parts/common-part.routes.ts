import { ParteComuneApi, ServizioApi, tipiServizio } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import {
  type CommonPartContext,
  commonPartServices,
  condominiumServices,
  createCommonPart,
  createService,
  deleteCommonPartOf,
  deleteServiceOf,
  getCommonPart,
  getService,
  listPage,
  updateCommonPartOf,
  updateServiceOf,
} from './common-part.service.ts';

/** Common parts: plants, environments and their services (spec section 7 "Condominium", issue 24). */
export async function commonPartRoutes(app: AppInstance) {
  const ctx = (scope: { archiveId: number }): CommonPartContext => ({
    db: app.db,
    dialect: app.dialect,
    archiveId: scope.archiveId,
  });

  route(app, ParteComuneApi.lista, ({ scope, query }) =>
    listPage(
      ctx(scope),
      {
        condominioId: query.condominioID,
        categoria: query.categoria,
        tipo: query.tipo,
        search: query.searchQuery,
      },
      query,
    ),
  );
  route(app, ParteComuneApi.listaCondominio, ({ scope, params, query }) =>
    listPage(
      ctx(scope),
      { condominioId: params.id, categoria: query.categoria, tipo: query.tipo, search: query.searchQuery },
      query,
    ),
  );

  for (const kind of ['impianto', 'ambiente'] as const) {
    const api = ParteComuneApi[kind];
    route(app, api.get, ({ scope, params }) =>
      getCommonPart(ctx(scope), kind, params.condominioId, params.id),
    );
    route(app, api.create, ({ scope, params, body }) =>
      createCommonPart(ctx(scope), kind, params.condominioId, body as Parameters<typeof createCommonPart>[3]),
    );
    route(app, api.update, ({ scope, params, body }) =>
      updateCommonPartOf(
        ctx(scope),
        kind,
        params.condominioId,
        params.id,
        body as Parameters<typeof updateCommonPartOf>[4],
      ),
    );
    route(app, api.remove, ({ scope, params, query }) =>
      deleteCommonPartOf(ctx(scope), kind, params.condominioId, params.id, query.objVersion),
    );
  }

  route(app, ServizioApi.tipi, async () => tipiServizio);
  route(app, ServizioApi.condominio, ({ scope, params, query }) =>
    condominiumServices(ctx(scope), params.id, { tipoServizio: query.tipoServizio }),
  );
  route(app, ServizioApi.parteComune, ({ scope, params }) =>
    commonPartServices(ctx(scope), params.condominioId, params.parteComuneId),
  );
  route(app, ServizioApi.create, ({ scope, params, body }) =>
    createService(ctx(scope), params.condominioId, params.parteComuneId, body),
  );
  route(app, ServizioApi.get, ({ scope, params }) => getService(ctx(scope), params.condominioId, params.id));
  route(app, ServizioApi.update, ({ scope, params, body }) =>
    updateServiceOf(ctx(scope), params.condominioId, params.id, body),
  );
  route(app, ServizioApi.remove, ({ scope, params, query }) =>
    deleteServiceOf(ctx(scope), params.condominioId, params.id, query.objVersion),
  );
}
