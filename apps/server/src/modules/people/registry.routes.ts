import type { FornitoreCreateParsed } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import type { Scope } from '../../shared/scope.ts';
import type { RegistryTable } from './people-search.ts';
import type { RegistryPageOptions } from './registry.repository.ts';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  type RegistryContext,
  updateRecord,
} from './registry.service.ts';

type Page = { pageNumber: number; pageSize: number };

/**
 * The handlers shared by the contacts and providers calls, bound to one table: the two areas differ
 * only in their declarations (paths, area, list filters, not-found code).
 */
export function registryCalls(app: AppInstance, table: RegistryTable) {
  const ctx = (scope: Scope): RegistryContext => ({
    db: app.db,
    dialect: app.dialect,
    archiveId: scope.archiveId,
  });
  return {
    list: async (scope: Scope, page: Page, filters: Omit<RegistryPageOptions, 'offset' | 'limit'>) => {
      const { items, total, capped } = await listRecords(ctx(scope), table, page, filters);
      return { items, totalCount: total, capped };
    },
    get: (scope: Scope, id: number) => getRecord(ctx(scope), table, id),
    create: (scope: Scope, body: FornitoreCreateParsed) => createRecord(ctx(scope), table, body),
    update: (scope: Scope, id: number, body: FornitoreCreateParsed & { objVersion: number }) =>
      updateRecord(ctx(scope), table, id, body),
    remove: async (scope: Scope, id: number, objVersion: number) => {
      await deleteRecord(ctx(scope), table, id, objVersion);
      return { id };
    },
  };
}
