import { LookupApi as Api } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { lookupAccounts } from './conto-lookup.ts';
import { ensureLocalities, searchLocalities } from './localities.ts';
import { addLookup, type LookupTable, listLookup, listOperators } from './lookups.repository.ts';

/** The text lookups: the list call, the add call (when the list accepts new entries), their table. */
const TEXT_LOOKUPS: Array<{
  list: typeof Api.nazioni | typeof Api.titoli | typeof Api.tipiAttivitaFornitore | typeof Api.tipiIncarico;
  add?: typeof Api.aggiungiNazione | typeof Api.aggiungiTitolo | typeof Api.aggiungiTipoAttivitaFornitore;
  table: LookupTable;
}> = [
  { list: Api.nazioni, add: Api.aggiungiNazione, table: 'nations' },
  { list: Api.titoli, add: Api.aggiungiTitolo, table: 'titles' },
  {
    list: Api.tipiAttivitaFornitore,
    add: Api.aggiungiTipoAttivitaFornitore,
    table: 'provider_activity_types',
  },
  { list: Api.tipiIncarico, table: 'assignment_types' },
];

export async function lookupsRoutes(app: AppInstance) {
  await ensureLocalities(app.db);

  for (const { list, add, table } of TEXT_LOOKUPS) {
    route(app, list, ({ scope }) => listLookup(app.db, table, scope.archiveId));
    if (add) route(app, add, ({ scope, body }) => addLookup(app.db, table, scope.archiveId, body.testo));
  }

  route(app, Api.localita, ({ query }) => {
    const { cap, citta, searchQuery, limit } = query;
    const byQuery = searchQuery
      ? /^\d+$/.test(searchQuery)
        ? { cap: searchQuery.slice(0, 5) }
        : { citta: searchQuery }
      : {};
    return searchLocalities(app.db, { cap, citta, ...byQuery, limit });
  });
  route(app, Api.operatori, ({ scope }) => listOperators(app.db, scope.archiveId));
  route(app, Api.contiLookup, ({ scope, query }) => lookupAccounts(app.db, scope.archiveId, query));
}
