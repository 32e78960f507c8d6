import { EsportaApi, type ExportFormat, isoDateToday } from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppInstance } from '../../app.ts';
import type { Database } from '../../db/schema.ts';
import { route } from '../../shared/route.ts';
import { activitiesExportQuery } from '../activities/activity.service.ts';
import { actorOf } from '../activities/actor.ts';
import { commonPartExportQuery } from '../common-parts/common-part.service.ts';
import { condominiumExportQuery } from '../condominiums/condominium.service.ts';
import { requireExercise } from '../instalments/instalment.service.ts';
import { registryExportQuery } from '../people/registry.service.ts';
import type { ExportSheet } from './export-columns.ts';
import { instalmentGroups } from './export-instalments.ts';
import { sendExport, sendThreadedExport } from './export-reply.ts';
import { type ExportQuery, streamedRows } from './export-rows.ts';
import { instalmentsSheet, type QuerySheetName, querySheets } from './export-sheets.ts';
import { ExportThreads, exportSourceOf } from './export-threads.ts';

/**
 * The export of every list (decision 0025): the list's filters, permission area and archive, its
 * order without a page, streamed as CSV or XLSX.
 */
export async function exportRoutes(app: AppInstance) {
  const ctx = (scope: { archiveId: number }) => ({
    db: app.db,
    dialect: app.dialect,
    archiveId: scope.archiveId,
  });
  const threads = new ExportThreads();
  app.addHook('onClose', () => threads.close());
  const source = exportSourceOf(app.db);

  /**
   * Answers with the rows of the query `build` makes: in a worker thread with its own connection
   * (the query built and compiled here, where the filters and the archive were checked), or, for a
   * database in memory, on this thread through the export's reader.
   */
  const streamed = async <K extends QuerySheetName>(
    reply: FastifyReply,
    format: ExportFormat,
    name: K,
    build: (reader: Kysely<Database>) => Promise<ExportQuery<RowOf<K>> | null> | ExportQuery<RowOf<K>> | null,
  ) => {
    const sheet = querySheets[name] as ExportSheet<RowOf<K>>;
    if (!source) return sendExport(reply, sheet, format, streamedRows(app.db, build));
    const query = await build(app.db);
    if (!query) return sendExport(reply, sheet, format, noRows());
    const { sql, parameters } = query.compile();
    return sendThreadedExport(reply, threads, { source, sql, parameters, sheet: name, format });
  };

  route(app, EsportaApi.attivita, ({ request, reply, query }) => {
    const actor = actorOf(request);
    const filters = { ...query, pageNumber: 1, pageSize: 1 };
    return streamed(reply, query.formato, 'attivita', (reader) =>
      activitiesExportQuery(app.db, reader, actor, filters),
    );
  });

  route(app, EsportaApi.contatti, ({ scope, reply, query }) =>
    streamed(reply, query.formato, 'contatti', (reader) =>
      registryExportQuery(ctx(scope), reader, 'persons', { search: query.searchQuery }),
    ),
  );

  route(app, EsportaApi.fornitori, ({ scope, reply, query }) =>
    streamed(reply, query.formato, 'fornitori', (reader) =>
      registryExportQuery(ctx(scope), reader, 'providers', {
        search: query.searchQuery,
        tipoAttivitaID: query.tipoAttivitaID,
        durcStato: query.durcStato,
      }),
    ),
  );

  route(
    app,
    EsportaApi.condomini,
    ({ scope, reply, query: { formato, searchQuery, provincia, ...filters } }) =>
      streamed(reply, formato, 'condomini', (reader) =>
        condominiumExportQuery(ctx(scope), reader, {
          ...filters,
          search: searchQuery,
          provincia: provincia ?? undefined,
        }),
      ),
  );

  route(app, EsportaApi.partiComuni, ({ scope, reply, query }) =>
    streamed(reply, query.formato, 'parti-comuni', (reader) =>
      commonPartExportQuery(ctx(scope), reader, {
        condominioId: query.condominioID,
        categoria: query.categoria,
        tipo: query.tipo,
        search: query.searchQuery,
      }),
    ),
  );

  // The instalment groups: the list's service, page by page, in a worker thread too (the exercise
  // checked here first, so that a missing one is an ordinary 404).
  route(app, EsportaApi.rate, async ({ scope, reply, query, body }) => {
    if (!source)
      return sendExport(reply, instalmentsSheet, query.formato, instalmentGroups(ctx(scope), body));
    await requireExercise(ctx(scope), body.esercizioID);
    return sendThreadedExport(reply, threads, {
      source,
      sheet: 'rate',
      archiveId: scope.archiveId,
      today: isoDateToday(),
      filters: body,
      format: query.formato,
    });
  });
}

/** The rows of each sheet that one query reads. */
type RowOf<K extends QuerySheetName> = (typeof querySheets)[K] extends ExportSheet<infer R> ? R : never;

async function* noRows<R>(): AsyncGenerator<R> {}
