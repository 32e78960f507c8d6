import {
  Area,
  contoLookupItemSchema,
  contoLookupQuerySchema,
  envelopeSchema,
  localitaQuerySchema,
  localitaSchema,
  lookupCreateSchema,
  lookupItemSchema,
  operatoreSchema,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { lookupAccounts } from './conto-lookup.ts';
import { ensureLocalities, searchLocalities } from './localities.ts';
import { addLookup, type LookupTable, listLookup, listOperators } from './lookups.repository.ts';

const TAGS = ['tabelle'];

const TEXT_LOOKUPS: Array<{
  path: string;
  table: LookupTable;
  what: string;
  post: boolean;
  area?: Area;
}> = [
  { path: '/api/nazione', table: 'nations', what: 'nazioni', post: true },
  { path: '/api/titoloAnagrafica', table: 'titles', what: 'titoli delle anagrafiche', post: true },
  {
    path: '/api/fornitore/tipoAttivita',
    table: 'provider_activity_types',
    what: 'tipi di attività dei fornitori',
    post: true,
    area: Area.Providers,
  },
  { path: '/api/tipoIncarico', table: 'assignment_types', what: 'tipi di incarico', post: false },
];

export async function lookupsRoutes(app: AppInstance) {
  await ensureLocalities(app.db);
  const archiveOf = (request: { archive: { archiveId: number } | null }) => request.archive?.archiveId ?? 0;

  for (const lookup of TEXT_LOOKUPS) {
    app.get(
      lookup.path,
      {
        config: { area: lookup.area },
        schema: {
          tags: TAGS,
          summary: `Elenco dei ${lookup.what}`,
          response: { 200: envelopeSchema(z.array(lookupItemSchema)) },
        },
      },
      async (request, reply) => ok(reply, await listLookup(app.db, lookup.table, archiveOf(request))),
    );
    if (!lookup.post) continue;
    app.post(
      lookup.path,
      {
        config: { area: lookup.area },
        schema: {
          tags: TAGS,
          summary: `Aggiunge una voce ai ${lookup.what}`,
          body: lookupCreateSchema,
          response: { 200: envelopeSchema(lookupItemSchema) },
        },
      },
      async (request, reply) =>
        ok(reply, await addLookup(app.db, lookup.table, archiveOf(request), request.body.testo)),
    );
  }

  app.get(
    '/api/localita',
    {
      schema: {
        tags: TAGS,
        summary: 'Comuni italiani con CAP e provincia, per CAP o per nome',
        querystring: localitaQuerySchema,
        response: { 200: envelopeSchema(z.array(localitaSchema)) },
      },
    },
    async (request, reply) => {
      const { cap, citta, searchQuery, limit } = request.query;
      const byQuery = searchQuery
        ? /^\d+$/.test(searchQuery)
          ? { cap: searchQuery.slice(0, 5) }
          : { citta: searchQuery }
        : {};
      return ok(reply, await searchLocalities(app.db, { cap, citta, ...byQuery, limit }));
    },
  );

  app.get(
    '/api/operatore',
    {
      schema: {
        tags: TAGS,
        summary: "Operatori dell'archivio",
        response: { 200: envelopeSchema(z.array(operatoreSchema)) },
      },
    },
    async (request, reply) => ok(reply, await listOperators(app.db, archiveOf(request))),
  );

  app.get(
    '/api/conto/lookup',
    {
      schema: {
        tags: TAGS,
        summary: 'Conti di un esercizio (TipoConto 0 personali, 1 versamenti)',
        querystring: contoLookupQuerySchema,
        response: { 200: envelopeSchema(z.array(contoLookupItemSchema)) },
      },
    },
    async (request, reply) => ok(reply, await lookupAccounts(app.db, archiveOf(request), request.query)),
  );
}
