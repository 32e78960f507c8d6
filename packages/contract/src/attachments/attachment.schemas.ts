import { z } from 'zod';
import { ATTACHMENT_PAGE_SIZE, DOSSIER_PAGE_SIZE } from '../common/constants.ts';
import { AttachmentOrigin, AttachmentReferenceType } from '../condominiums/document.enums.ts';
import { objVersionField } from '../people/people.schemas.ts';

const referenceTypes: readonly number[] = Object.values(AttachmentReferenceType);
const origins: readonly number[] = Object.values(AttachmentOrigin);

/** RiferimentoAllegato.Tipo: the kind of entity that holds the files. */
export const attachmentReferenceTypeField = z.coerce
  .number({ error: 'Tipo di riferimento non valido' })
  .int('Tipo di riferimento non valido')
  .refine((value) => referenceTypes.includes(value), 'Tipo di riferimento non valido')
  .transform((value) => value as AttachmentReferenceType);

/** TipoOrigine: where the files of a reference come from. */
export const attachmentOriginField = z.coerce
  .number({ error: 'Origine non valida' })
  .int('Origine non valida')
  .refine((value) => origins.includes(value), 'Origine non valida')
  .transform((value) => value as AttachmentOrigin);

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

export const riferimentoAllegatoSchema = z.object({
  id: z.number().int(),
  tipo: z.number().int(),
});
export type RiferimentoAllegato = z.infer<typeof riferimentoAllegatoSchema>;

/** One attachment: a stored file with its reference, origin and registration code/year. */
export const allegatoSchema = z.object({
  id: z.number().int(),
  nomeFile: z.string(),
  dataOra: z.string(),
  chiaveDownload: z.string(),
  dimensione: z.number().int(),
  contentType: z.string(),
  riferimento: riferimentoAllegatoSchema,
  tipoOrigine: z.number().int(),
  fascicoloId: z.number().int().nullable(),
  codice: z.string().nullable(),
  anno: z.number().int().nullable(),
  objVersion: z.number().int(),
});
export type Allegato = z.infer<typeof allegatoSchema>;

/** GET /api/allegati: the attachments of one reference, optionally of one origin. */
export const allegatiListQuerySchema = z.object({
  'RiferimentoAllegato.ID': positiveId('Riferimento non valido'),
  'RiferimentoAllegato.Tipo': attachmentReferenceTypeField,
  TipoOrigine: attachmentOriginField.optional(),
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ATTACHMENT_PAGE_SIZE),
});

/** GET /api/allegati/elencoOrigini?Id&Tipo */
export const originiQuerySchema = z.object({
  Id: positiveId('Riferimento non valido'),
  Tipo: attachmentReferenceTypeField,
});

export const origineAllegatiSchema = z.object({
  tipoOrigine: z.number().int(),
  descrizione: z.string(),
  numeroAllegati: z.number().int(),
});
export type OrigineAllegati = z.infer<typeof origineAllegatiSchema>;

/** Control characters, quotes and path separators have no place in a file name. */
function unsafeNameChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 32 || code === 127 || ch === '/' || ch === '\\' || ch === '"';
}

const nomeFileField = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((name) => ![...name].some(unsafeNameChar) && name !== '.' && name !== '..', {
    message: 'Nome del file non valido',
  });
const codiceField = z.string().trim().max(30).nullable().optional();
const annoField = z.coerce
  .number({ error: 'Anno non valido' })
  .int('Anno non valido')
  .min(1900, 'Anno non valido')
  .max(2200, 'Anno non valido')
  .nullable()
  .optional();

/**
 * The fields of POST /api/allegati (multipart: these fields and one part "file"). A file may go
 * into one of the reference's dossiers (FascicoloID).
 */
export const allegatoCreateFieldsSchema = z.object({
  'RiferimentoAllegato.ID': positiveId('Riferimento non valido'),
  'RiferimentoAllegato.Tipo': attachmentReferenceTypeField,
  TipoOrigine: attachmentOriginField.default(AttachmentOrigin.Documents),
  FascicoloID: positiveId('Fascicolo non valido').optional(),
  Codice: codiceField,
  Anno: annoField,
});

/** PUT /api/allegati/{id}: rename, register (code, year), move to another origin or dossier. */
export const allegatoUpdateSchema = z.object({
  nomeFile: nomeFileField,
  tipoOrigine: attachmentOriginField,
  fascicoloId: positiveId('Fascicolo non valido').nullable().optional(),
  codice: codiceField,
  anno: annoField,
  objVersion: objVersionField,
});
export type AllegatoUpdate = z.input<typeof allegatoUpdateSchema>;

/** GET/DELETE /api/allegati/{id}/file: the file named by the caller must be the attachment's. */
export const allegatoFileQuerySchema = z.object({
  nomeFile: z.string().min(1).max(400),
  ChiaveDownload: z.string().max(200).optional(),
  Codice: z.string().max(30).optional(),
  Anno: z.coerce.number().int().optional(),
});
export const allegatoFileDeleteQuerySchema = allegatoFileQuerySchema.extend({ objVersion: objVersionField });

/** POST /api/allegati/{id}/file replaces the content: the version the client saw goes in a field. */
export const allegatoFileReplaceFieldsSchema = z.object({ objVersion: objVersionField });

/** GET /api/allegati/{id}/file/link?nomeFile&download */
export const allegatoLinkQuerySchema = z.object({
  nomeFile: z.string().min(1).max(400),
  download: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const allegatoLinkSchema = z.object({
  /** Relative link (same origin) that opens the file without the bearer token until `scadenza`. */
  link: z.string(),
  scadenza: z.string(),
});
export type AllegatoLink = z.infer<typeof allegatoLinkSchema>;

/** GET /api/allegati/download?nomeFile&token: the signed link's target. */
export const allegatoDownloadQuerySchema = z.object({
  nomeFile: z.string().max(400).optional(),
  token: z.string().min(1, 'Collegamento non valido').max(1000, 'Collegamento non valido'),
});

/** A file of a dossier (elencoFile). */
export const fascicoloFileSchema = z.object({
  id: z.number().int(),
  nomeFile: z.string(),
  dataOra: z.string(),
  dimensione: z.number().int(),
  chiaveDownload: z.string(),
  contentType: z.string(),
  objVersion: z.number().int(),
});
export type FascicoloFile = z.infer<typeof fascicoloFileSchema>;

/** Files listed inside each dossier of a page (the newest); `numeroFile` gives them all. */
export const DOSSIER_FILES_SHOWN = 50;

export const fascicoloSchema = z.object({
  id: z.number().int(),
  /** "Fascicolo nr. N" when there is no description. */
  numero: z.number().int(),
  tipo: z.number().int(),
  riferimento: riferimentoAllegatoSchema,
  tipoOrigine: z.number().int(),
  descrizione: z.string().nullable(),
  dataCreazione: z.string(),
  numeroFile: z.number().int(),
  elencoFile: z.array(fascicoloFileSchema),
});
export type Fascicolo = z.infer<typeof fascicoloSchema>;

/** GET /api/allegati/fascicoli?Id&Tipo&TipoOrigine&pageNumber (10 per page). */
export const fascicoliQuerySchema = z.object({
  Id: positiveId('Riferimento non valido'),
  Tipo: attachmentReferenceTypeField,
  TipoOrigine: attachmentOriginField,
  pageNumber: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(DOSSIER_PAGE_SIZE).default(DOSSIER_PAGE_SIZE),
});

/** POST /api/allegati/fascicoli */
export const fascicoloCreateSchema = z.object({
  riferimento: z.object({
    id: z.coerce.number().int().positive('Riferimento non valido'),
    tipo: attachmentReferenceTypeField,
  }),
  tipoOrigine: attachmentOriginField,
  descrizione: z.string().trim().max(200).nullable().optional(),
});
export type FascicoloCreate = z.input<typeof fascicoloCreateSchema>;

/** POST /api/allegati/fascicoli/{id}/file answers with an ok flag and the new attachment. */
export const fascicoloUploadResultSchema = z.object({ ok: z.boolean(), allegato: allegatoSchema });

export const allegatoIdSchema = z.object({ id: z.number().int() });
