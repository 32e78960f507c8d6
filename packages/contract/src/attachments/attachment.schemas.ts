import { z } from 'zod';
import { ATTACHMENT_PAGE_SIZE, DOSSIER_PAGE_SIZE } from '../common/constants.ts';
import { zCoerceNumber, zNumber, zString } from '../common/primitives.ts';
import { AttachmentOrigin, AttachmentReferenceType } from '../condominiums/document.enums.ts';
import { objVersionField } from '../people/people.schemas.ts';

const referenceTypes: readonly number[] = Object.values(AttachmentReferenceType);
const origins: readonly number[] = Object.values(AttachmentOrigin);

/** RiferimentoAllegato.Tipo: the kind of entity that holds the files. */
export const attachmentReferenceTypeField = zCoerceNumber({ error: 'Tipo di riferimento non valido' })
  .int('Tipo di riferimento non valido')
  .refine((value) => referenceTypes.includes(value), 'Tipo di riferimento non valido')
  .transform((value) => value as AttachmentReferenceType);

/** TipoOrigine: where the files of a reference come from. */
export const attachmentOriginField = zCoerceNumber({ error: 'Origine non valida' })
  .int('Origine non valida')
  .refine((value) => origins.includes(value), 'Origine non valida')
  .transform((value) => value as AttachmentOrigin);

const positiveId = (message: string) => zCoerceNumber({ error: message }).int(message).positive(message);

export const riferimentoAllegatoSchema = z.object({
  id: zNumber().int(),
  tipo: zNumber().int(),
});
export type RiferimentoAllegato = z.infer<typeof riferimentoAllegatoSchema>;

/** One attachment: a stored file with its reference, origin and registration code/year. */
export const allegatoSchema = z.object({
  id: zNumber().int(),
  nomeFile: zString(),
  dataOra: zString(),
  chiaveDownload: zString(),
  dimensione: zNumber().int(),
  contentType: zString(),
  riferimento: riferimentoAllegatoSchema,
  tipoOrigine: zNumber().int(),
  fascicoloId: zNumber().int().nullable(),
  codice: zString().nullable(),
  anno: zNumber().int().nullable(),
  objVersion: zNumber().int(),
});
export type Allegato = z.infer<typeof allegatoSchema>;

/** GET /api/allegati: the attachments of one reference, optionally of one origin. */
export const allegatiListQuerySchema = z.object({
  'RiferimentoAllegato.ID': positiveId('Riferimento non valido'),
  'RiferimentoAllegato.Tipo': attachmentReferenceTypeField,
  TipoOrigine: attachmentOriginField.optional(),
  pageNumber: zCoerceNumber().int().min(1).default(1),
  pageSize: zCoerceNumber().int().min(1).max(100).default(ATTACHMENT_PAGE_SIZE),
});

/** GET /api/allegati/elencoOrigini?Id&Tipo */
export const originiQuerySchema = z.object({
  Id: positiveId('Riferimento non valido'),
  Tipo: attachmentReferenceTypeField,
});

export const origineAllegatiSchema = z.object({
  tipoOrigine: zNumber().int(),
  descrizione: zString(),
  numeroAllegati: zNumber().int(),
});
export type OrigineAllegati = z.infer<typeof origineAllegatiSchema>;

/** Control characters, quotes and path separators have no place in a file name. */
function unsafeNameChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return code < 32 || code === 127 || ch === '/' || ch === '\\' || ch === '"';
}

const nomeFileField = zString()
  .trim()
  .min(1)
  .max(200)
  .refine((name) => ![...name].some(unsafeNameChar) && name !== '.' && name !== '..', {
    message: 'Nome del file non valido',
  });
const codiceField = zString().trim().max(30).nullable().optional();
const annoField = zCoerceNumber({ error: 'Anno non valido' })
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
  nomeFile: zString().min(1).max(400),
  ChiaveDownload: zString().max(200).optional(),
  Codice: zString().max(30).optional(),
  Anno: zCoerceNumber().int().optional(),
});
export const allegatoFileDeleteQuerySchema = allegatoFileQuerySchema.extend({ objVersion: objVersionField });

/** POST /api/allegati/{id}/file replaces the content: the version the client saw goes in a field. */
export const allegatoFileReplaceFieldsSchema = z.object({ objVersion: objVersionField });

/** GET /api/allegati/{id}/file/link?nomeFile&download */
export const allegatoLinkQuerySchema = z.object({
  nomeFile: zString().min(1).max(400),
  download: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const allegatoLinkSchema = z.object({
  /** Relative link (same origin) that opens the file without the bearer token until `scadenza`. */
  link: zString(),
  scadenza: zString(),
});
export type AllegatoLink = z.infer<typeof allegatoLinkSchema>;

/** GET /api/allegati/download?nomeFile&token: the signed link's target. */
export const allegatoDownloadQuerySchema = z.object({
  nomeFile: zString().max(400).optional(),
  token: zString().min(1, 'Collegamento non valido').max(1000, 'Collegamento non valido'),
});

/** A file of a dossier (elencoFile). */
export const fascicoloFileSchema = z.object({
  id: zNumber().int(),
  nomeFile: zString(),
  dataOra: zString(),
  dimensione: zNumber().int(),
  chiaveDownload: zString(),
  contentType: zString(),
  objVersion: zNumber().int(),
});
export type FascicoloFile = z.infer<typeof fascicoloFileSchema>;

/** Files listed inside each dossier of a page (the newest); `numeroFile` gives them all. */
export const DOSSIER_FILES_SHOWN = 50;

export const fascicoloSchema = z.object({
  id: zNumber().int(),
  /** "Fascicolo nr. N" when there is no description. */
  numero: zNumber().int(),
  tipo: zNumber().int(),
  riferimento: riferimentoAllegatoSchema,
  tipoOrigine: zNumber().int(),
  descrizione: zString().nullable(),
  dataCreazione: zString(),
  numeroFile: zNumber().int(),
  elencoFile: z.array(fascicoloFileSchema),
});
export type Fascicolo = z.infer<typeof fascicoloSchema>;

/** GET /api/allegati/fascicoli?Id&Tipo&TipoOrigine&pageNumber (10 per page). */
export const fascicoliQuerySchema = z.object({
  Id: positiveId('Riferimento non valido'),
  Tipo: attachmentReferenceTypeField,
  TipoOrigine: attachmentOriginField,
  pageNumber: zCoerceNumber().int().min(1).default(1),
  pageSize: zCoerceNumber().int().min(1).max(DOSSIER_PAGE_SIZE).default(DOSSIER_PAGE_SIZE),
});

/** POST /api/allegati/fascicoli */
export const fascicoloCreateSchema = z.object({
  riferimento: z.object({
    id: zCoerceNumber().int().positive('Riferimento non valido'),
    tipo: attachmentReferenceTypeField,
  }),
  tipoOrigine: attachmentOriginField,
  descrizione: zString().trim().max(200).nullable().optional(),
});
export type FascicoloCreate = z.input<typeof fascicoloCreateSchema>;

/** POST /api/allegati/fascicoli/{id}/file answers with an ok flag and the new attachment. */
export const fascicoloUploadResultSchema = z.object({ ok: z.boolean(), allegato: allegatoSchema });

export const allegatoIdSchema = z.object({ id: zNumber().int() });
