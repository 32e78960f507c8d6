import { CondominioApi } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { listCondominiumsShort } from './condominium.repository.ts';

export async function condominiumRoutes(app: AppInstance) {
  route(app, CondominioApi.lista, ({ scope, query }) =>
    listCondominiumsShort(app.db, scope.archiveId, { gestiti: query.gestiti }),
  );
}
