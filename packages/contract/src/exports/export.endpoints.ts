import { z } from 'zod';
import { activityListQuerySchema } from '../activities/activity.schemas.ts';
import { endpoint } from '../common/endpoint.ts';
import { Area } from '../common/enums.ts';
import { ErrorCode } from '../common/errors.ts';
import { commonPartListQuerySchema } from '../common-parts/common-part.schemas.ts';
import { condominioListQuerySchema } from '../condominiums/condominium.schemas.ts';
import { rataListBodySchema } from '../instalments/instalment.schemas.ts';
import { fornitoreListQuerySchema, personaListQuerySchema } from '../people/people.schemas.ts';

/** The file formats of an export. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportFormatLabels: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' };

export const ExportMessage = {
  Format: 'Formato non valido: scegliere CSV o Excel (csv, xlsx).',
} as const;

const formato = z.enum(exportFormats, { error: ExportMessage.Format });

// Each list's own filters (its query without the page) and the format of the file.
const withoutPage = { pageNumber: true, pageSize: true } as const;
export const activityExportQuerySchema = activityListQuerySchema.omit(withoutPage).extend({ formato });
export const personaExportQuerySchema = personaListQuerySchema.omit(withoutPage).extend({ formato });
export const fornitoreExportQuerySchema = fornitoreListQuerySchema.omit(withoutPage).extend({ formato });
export const condominioExportQuerySchema = condominioListQuerySchema.omit(withoutPage).extend({ formato });
export const commonPartExportQuerySchema = commonPartListQuerySchema.omit(withoutPage).extend({ formato });
export const rataExportQuerySchema = z.object({ formato });
export type ActivityExportQuery = z.input<typeof activityExportQuerySchema>;

/** What an export answers on error (its success is a file). */
const errorSide = z.null();
const tags = ['esportazioni'] as const;
const CSV_OR_XLSX = 'text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Every list exports what its filters select (the list's own query schema, without the page), as
 * CSV or XLSX, streamed: the list's path + `/esporta`.
 */
export const EsportaApi = {
  attivita: endpoint({
    operationId: 'esportaAttivita',
    method: 'GET',
    path: '/api/attivita/esporta',
    summary: "Esporta in CSV o Excel le attività selezionate dai filtri dell'elenco (stato compreso)",
    tags,
    area: Area.Activities,
    query: activityExportQuerySchema,
    response: errorSide,
    produces: CSV_OR_XLSX,
    // A process runs at most a few exports at once (worker threads): beyond, 124 with Retry-After.
    errors: [ErrorCode.ServerBusy],
  }),
  contatti: endpoint({
    operationId: 'esportaContatti',
    method: 'GET',
    path: '/api/persona/esporta',
    summary: "Esporta in CSV o Excel i contatti selezionati dalla ricerca dell'elenco",
    tags,
    area: Area.People,
    query: personaExportQuerySchema,
    response: errorSide,
    produces: CSV_OR_XLSX,
    // A process runs at most a few exports at once (worker threads): beyond, 124 with Retry-After.
    errors: [ErrorCode.ServerBusy],
  }),
  fornitori: endpoint({
    operationId: 'esportaFornitori',
    method: 'GET',
    path: '/api/fornitore/esporta',
    summary: "Esporta in CSV o Excel i fornitori selezionati dai filtri dell'elenco",
    tags,
    area: Area.Providers,
    query: fornitoreExportQuerySchema,
    response: errorSide,
    produces: CSV_OR_XLSX,
    // A process runs at most a few exports at once (worker threads): beyond, 124 with Retry-After.
    errors: [ErrorCode.ServerBusy],
  }),
  condomini: endpoint({
    operationId: 'esportaCondomini',
    method: 'GET',
    path: '/api/condominio/esporta',
    summary: "Esporta in CSV o Excel i condomini selezionati dai filtri dell'anagrafica",
    tags,
    query: condominioExportQuerySchema,
    response: errorSide,
    produces: CSV_OR_XLSX,
    // A process runs at most a few exports at once (worker threads): beyond, 124 with Retry-After.
    errors: [ErrorCode.ServerBusy],
  }),
  partiComuni: endpoint({
    operationId: 'esportaPartiComuni',
    method: 'GET',
    path: '/api/parteComune/esporta',
    summary: "Esporta in CSV o Excel le parti comuni selezionate dai filtri dell'elenco",
    tags,
    area: Area.Plants,
    query: commonPartExportQuerySchema,
    response: errorSide,
    produces: CSV_OR_XLSX,
    // A process runs at most a few exports at once (worker threads): beyond, 124 with Retry-After.
    errors: [ErrorCode.ServerBusy],
  }),
  rate: endpoint({
    operationId: 'esportaRate',
    method: 'POST',
    path: '/api/rata/esporta',
    summary: "Esporta in CSV o Excel le rate dell'esercizio raggruppate e filtrate come nell'elenco",
    tags,
    query: rataExportQuerySchema,
    body: rataListBodySchema,
    response: errorSide,
    produces: CSV_OR_XLSX,
    errors: [ErrorCode.NotFound, ErrorCode.ServerBusy],
  }),
};
