import { z } from 'zod';
import { environmentTypes, plantTypes, serviceTypeLabels, serviceTypes } from '../common/enums.ts';
import { pageQuerySchema } from '../common/envelope.ts';
import { zCoerceNumber, zNumber, zString } from '../common/primitives.ts';
import { ValidationMessage } from '../validators/messages.ts';
import { zIsoDateOptional, zText, zTextOptional } from '../validators/zod.ts';

/*
 * Common parts of a condominium (spec section 3 "Common part"): plants (impianto, categoria 0) and
 * environments (ambiente, categoria 1), each with its services (servizio). Dates are `YYYY-MM-DD`.
 * Optional texts accept null or '' (stored as null).
 */

export const CommonPartMessage = {
  SearchTooShort: 'La ricerca richiede almeno 3 caratteri',
  PlantType: 'Tipo di impianto non valido',
  EnvironmentType: 'Tipo di ambiente non valido',
  ServiceType: 'Tipo di servizio non valido',
  Category: 'Categoria non valida',
  Frequency: 'La periodicità deve essere un numero di mesi da 1 a 120',
  Surface: 'La superficie deve essere un numero intero di metri quadrati',
  Provider: 'Fornitore non valido',
  NextBeforeLast: "La prossima scadenza non può precedere l'ultima esecuzione",
  Id: 'Identificativo non valido',
} as const;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const id = zCoerceNumber({ error: CommonPartMessage.Id })
  .int(CommonPartMessage.Id)
  .positive(CommonPartMessage.Id)
  .max(Number.MAX_SAFE_INTEGER, CommonPartMessage.Id);

/** A number of a closed set (a select sends it as text); missing -> 'Manca un campo obbligatorio'. */
function oneOf(allowed: readonly number[], message: string) {
  return z.preprocess(
    toNumber,
    zNumber({ error: (issue) => (issue.input === undefined ? ValidationMessage.Required : message) })
      .int(message)
      .refine((v) => allowed.includes(v), message),
  );
}

/** '' and null are missing; a numeric text (a select's value) is its number. */
function toNumber(v: unknown): unknown {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return v;
}

function optionalInt(min: number, max: number, message: string) {
  return z.preprocess(
    emptyToUndefined,
    zCoerceNumber({ error: message }).int(message).min(min, message).max(max, message).nullish(),
  );
}

export const plantTypeSchema = oneOf(plantTypes, CommonPartMessage.PlantType);
export const environmentTypeSchema = oneOf(environmentTypes, CommonPartMessage.EnvironmentType);
export const commonPartServiceTypeSchema = oneOf(serviceTypes, CommonPartMessage.ServiceType);

// ---------------------------------------------------------------------------- params

export const condominioParamsSchema = z.object({ id });
export const commonPartParamsSchema = z.object({ condominioId: id, id });
export const commonPartCreateParamsSchema = z.object({ condominioId: id });
export const commonPartServicesParamsSchema = z.object({ condominioId: id, parteComuneId: id });
export const serviceParamsSchema = z.object({ condominioId: id, id });
export const commonPartDeleteQuerySchema = z.object({
  objVersion: zCoerceNumber({ error: 'Versione dei dati mancante' })
    .int('Versione dei dati mancante')
    .min(1, 'Versione dei dati mancante'),
});
const objVersion = commonPartDeleteQuerySchema.shape.objVersion;

// ---------------------------------------------------------------------------- list

/** GET /api/parteComune (every condominium) and /api/condominio/{id}/parteComune. */
export const commonPartListQuerySchema = pageQuerySchema.extend({
  /** Sent only when it has text (spec section 5): at least 3 characters. */
  searchQuery: z.preprocess(
    emptyToUndefined,
    zString().trim().min(3, CommonPartMessage.SearchTooShort).max(200).optional(),
  ),
  condominioID: z.preprocess(emptyToUndefined, id.optional()),
  categoria: z.preprocess(
    emptyToUndefined,
    zCoerceNumber({ error: CommonPartMessage.Category })
      .int(CommonPartMessage.Category)
      .refine((v) => v === 0 || v === 1, CommonPartMessage.Category)
      .optional(),
  ),
  /** A plant or environment type; meaningful with `categoria`. */
  tipo: z.preprocess(
    emptyToUndefined,
    zCoerceNumber({ error: 'Tipo non valido' }).int('Tipo non valido').min(0).max(21).optional(),
  ),
});
export type CommonPartListQuery = z.input<typeof commonPartListQuerySchema>;

export const commonPartListItemSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  intestazioneCondominio: zString(),
  categoria: zNumber().int(),
  tipo: zNumber().int(),
  tipoDescr: zString(),
  denominazione: zString(),
  ubicazione: zString().nullable(),
  note: zString().nullable(),
});
export type CommonPartListItem = z.infer<typeof commonPartListItemSchema>;

// ---------------------------------------------------------------------------- plant and environment

const commonFields = {
  denominazione: zText(200),
  ubicazione: zTextOptional(200),
  note: zTextOptional(4000),
};

export const impiantoInputSchema = z.object({
  ...commonFields,
  tipo: plantTypeSchema,
  marca: zTextOptional(100),
  modello: zTextOptional(100),
  matricola: zTextOptional(100),
  dataInstallazione: zIsoDateOptional(),
});
export type ImpiantoInput = z.input<typeof impiantoInputSchema>;
export const impiantoUpdateSchema = impiantoInputSchema.extend({ objVersion });
export type ImpiantoUpdate = z.input<typeof impiantoUpdateSchema>;

export const ambienteInputSchema = z.object({
  ...commonFields,
  tipo: environmentTypeSchema,
  superficieMq: optionalInt(1, 1_000_000, CommonPartMessage.Surface),
});
export type AmbienteInput = z.input<typeof ambienteInputSchema>;
export const ambienteUpdateSchema = ambienteInputSchema.extend({ objVersion });
export type AmbienteUpdate = z.input<typeof ambienteUpdateSchema>;

/** A plant or an environment as the API returns it (the header of its drawer and its form). */
export const commonPartSchema = commonPartListItemSchema.extend({
  marca: zString().nullable(),
  modello: zString().nullable(),
  matricola: zString().nullable(),
  dataInstallazione: zString().nullable(),
  superficieMq: zNumber().int().nullable(),
  numeroServizi: zNumber().int(),
  objVersion: zNumber().int(),
});
export type CommonPart = z.infer<typeof commonPartSchema>;

// ---------------------------------------------------------------------------- services

export const servizioInputSchema = z
  .object({
    tipoServizio: commonPartServiceTypeSchema,
    descrizione: zText(200),
    fornitoreID: z.preprocess(emptyToUndefined, id.nullish()),
    /** Frequency in months (12: yearly). */
    periodicitaMesi: optionalInt(1, 120, CommonPartMessage.Frequency),
    dataUltima: zIsoDateOptional(),
    /** When missing and last date and frequency are given, the server computes it. */
    prossimaScadenza: zIsoDateOptional(),
    riferimentoContratto: zTextOptional(100),
    note: zTextOptional(4000),
  })
  .superRefine((v, ctx) => {
    if (v.dataUltima && v.prossimaScadenza && v.prossimaScadenza < v.dataUltima) {
      ctx.addIssue({ code: 'custom', path: ['prossimaScadenza'], message: CommonPartMessage.NextBeforeLast });
    }
  });
export type ServizioInput = z.input<typeof servizioInputSchema>;
export type ServizioInputParsed = z.output<typeof servizioInputSchema>;
export const servizioUpdateSchema = servizioInputSchema.safeExtend({ objVersion });
export type ServizioUpdate = z.input<typeof servizioUpdateSchema>;

export const servizioSchema = z.object({
  id: zNumber().int(),
  condominioID: zNumber().int(),
  parteComuneID: zNumber().int(),
  parteComuneDenominazione: zString(),
  parteComuneCategoria: zNumber().int(),
  tipoServizio: zNumber().int(),
  tipoServizioDescr: zString(),
  descrizione: zString(),
  fornitoreID: zNumber().int().nullable(),
  fornitoreDescr: zString().nullable(),
  periodicitaMesi: zNumber().int().nullable(),
  dataUltima: zString().nullable(),
  prossimaScadenza: zString().nullable(),
  riferimentoContratto: zString().nullable(),
  note: zString().nullable(),
  objVersion: zNumber().int(),
});
export type Servizio = z.infer<typeof servizioSchema>;

/** GET /api/condominio/{id}/servizio: optionally only one type, or one common part. */
export const condominioServiziQuerySchema = z.object({
  tipoServizio: z.preprocess(
    emptyToUndefined,
    zCoerceNumber({ error: CommonPartMessage.ServiceType })
      .int(CommonPartMessage.ServiceType)
      .refine((v) => (serviceTypes as readonly number[]).includes(v), CommonPartMessage.ServiceType)
      .optional(),
  ),
});

/** GET /api/tipoServizioParteComune: the service types with their Italian labels. */
export const tipoServizioSchema = z.object({ id: zNumber().int(), descr: zString() });
export const tipiServizio = serviceTypes.map((value) => ({ id: value, descr: serviceTypeLabels[value] }));

export const deletedSchema = z.object({ id: zNumber().int() });
