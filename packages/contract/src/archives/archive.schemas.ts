import { z } from 'zod';
import { permissionsSchema } from '../auth/auth.schemas.ts';
import { ArchiveProtection, Role } from '../common/enums.ts';
import { zBigNumber, zNumber, zString } from '../common/primitives.ts';
import { ValidationMessage } from '../validators/messages.ts';

/**
 * Archive flow (the archive is named by the `X-Archive-Id` header on every call):
 * 1. GET /api/db lists the account's archives with their protection kind.
 * 2. Unlock it for this session:
 *    - protezione 'none':     POST /api/db/login with `{}` (no password needed);
 *    - protezione 'password': POST /api/db/login `{password}` (blank 102, wrong 103);
 *    - protezione 'users':    GET /api/db/userManagement/users, then POST /api/db/userManagement/login
 *                             `{id, password}` (wrong or unknown user 104; deactivated user 120).
 * 3. GET /api/db/open?ritornaInfo=true: archive info and the permissions of the archive user.
 *    An archive at an old data revision answers 105: GET /api/db/checkDBVersion, then
 *    POST /api/db/updateDB?connectionID=... (progress at GET /api/db/updateDB/progress?connectionID=...).
 * An archive that is not the account's, or is not unlocked in this session, answers 100.
 */
export const ArchiveMessage = {
  UsesUserManagement: "Questo archivio usa la gestione utenti: scegli l'utente e inserisci la sua password.",
  NoUserManagement: 'Questo archivio non usa la gestione utenti.',
  UserDeactivated: "L'utente è disattivato. Chiedi all'amministratore dell'archivio di riattivarlo.",
  UpdateInProgress: "L'aggiornamento dell'archivio è già in corso.",
  UpdateNotFound: 'Nessun aggiornamento trovato con questo identificativo.',
} as const;

/** Boolean query parameter: 'true'/'1' or 'false'/'0'. */
const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const archiveProtectionSchema = z.enum([
  ArchiveProtection.None,
  ArchiveProtection.Password,
  ArchiveProtection.UserManagement,
]);

/** GET /api/db: one archive of the account. */
export const archiveListItemSchema = z.object({
  id: zBigNumber().int(),
  nome: zString(),
  protezione: archiveProtectionSchema,
  gestioneAccessi: z.boolean(),
  /** Data revision of the archive and the one the server requires (older: 105 until updated). */
  revisioneDati: zNumber().int(),
  revisioneRichiesta: zNumber().int(),
  /** Published on the resident portal (MioCondominio). */
  pubblicatoPortale: z.boolean(),
  /** Last access (ISO timestamp) or null. */
  ultimoAccesso: zString().nullable(),
  /** Already unlocked in this session (no password needed again). */
  sbloccato: z.boolean(),
});
export type ArchiveListItem = z.infer<typeof archiveListItemSchema>;
export const archiveListResponseSchema = z.array(archiveListItemSchema);

/** GET /api/db/isProtected (X-Archive-Id). */
export const isProtectedResponseSchema = z.object({
  protetto: z.boolean(),
  protezione: archiveProtectionSchema,
});
export type IsProtectedResponse = z.infer<typeof isProtectedResponseSchema>;

/** POST /api/db/login (X-Archive-Id): password of a protected archive; omit it for an unprotected one. */
export const archiveLoginRequestSchema = z.object({ password: zString().max(256).optional() });
export type ArchiveLoginRequest = z.infer<typeof archiveLoginRequestSchema>;
export const archiveLoginFormSchema = z.object({
  password: zString().min(1, ValidationMessage.Required).max(256),
});
export type ArchiveLoginForm = z.infer<typeof archiveLoginFormSchema>;

export const archiveUnlockResponseSchema = z.object({
  archivioId: zBigNumber().int(),
  sbloccato: z.literal(true),
});
export type ArchiveUnlockResponse = z.infer<typeof archiveUnlockResponseSchema>;

/** GET /api/db/userManagement/users (X-Archive-Id): the archive users to pick from. */
export const archiveUserSchema = z.object({
  id: zBigNumber().int(),
  username: zString(),
  nome: zString(),
  disattivato: z.boolean(),
});
export type ArchiveUser = z.infer<typeof archiveUserSchema>;
export const archiveUsersResponseSchema = z.array(archiveUserSchema);

/** POST /api/db/userManagement/login (X-Archive-Id). */
export const userManagementLoginRequestSchema = z.object({
  id: zBigNumber(ValidationMessage.Required).int().positive(),
  password: zString(ValidationMessage.Required).max(256),
});
export type UserManagementLoginRequest = z.infer<typeof userManagementLoginRequestSchema>;
export const userManagementLoginFormSchema = z.object({
  id: zBigNumber(ValidationMessage.Required).int().positive(),
  password: zString().min(1, ValidationMessage.Required).max(256),
});
export type UserManagementLoginForm = z.infer<typeof userManagementLoginFormSchema>;

/** GET /api/db/open?ritornaInfo=true|false (X-Archive-Id, unlocked). */
export const openArchiveQuerySchema = z.object({ ritornaInfo: queryBoolean });
export type OpenArchiveQuery = z.input<typeof openArchiveQuerySchema>;

export const archiveUserInfoSchema = z.object({
  id: zBigNumber().int(),
  username: zString(),
  nome: zString(),
  ruolo: z.enum([Role.Admin, Role.User]),
});
export type ArchiveUserInfo = z.infer<typeof archiveUserInfoSchema>;

export const archiveInfoSchema = archiveListItemSchema.extend({
  pid: zString().nullable(),
  mioCondominioPremiumAbilitato: z.boolean(),
  /** The archive user chosen at unlock (user management), else null. */
  utente: archiveUserInfoSchema.nullable(),
  /** Area permissions in this archive (all true without access management). */
  permessi: permissionsSchema,
});
export type ArchiveInfo = z.infer<typeof archiveInfoSchema>;

export const openArchiveResponseSchema = z.object({
  aperto: z.literal(true),
  /** Present when ritornaInfo is true. */
  info: archiveInfoSchema.nullable(),
});
export type OpenArchiveResponse = z.infer<typeof openArchiveResponseSchema>;

/** GET /api/db/checkDBVersion (X-Archive-Id, unlocked; works on an old revision). */
export const checkDbVersionResponseSchema = z.object({
  revisione: zNumber().int(),
  revisioneRichiesta: zNumber().int(),
  aggiornato: z.boolean(),
});
export type CheckDbVersionResponse = z.infer<typeof checkDbVersionResponseSchema>;

/**
 * POST /api/db/updateDB?connectionID=... runs the pending data-revision steps in one transaction
 * and answers with the final progress; meanwhile GET /api/db/updateDB/progress?connectionID=...
 * reads the progress stored for that connectionID (a client-chosen id, e.g. a UUID).
 */
export const updateDbQuerySchema = z.object({
  connectionID: zString(ValidationMessage.Required).regex(
    /^[A-Za-z0-9_-]{1,64}$/,
    'Identificativo di connessione non valido',
  ),
});
export type UpdateDbQuery = z.infer<typeof updateDbQuerySchema>;

export const UpdateState = { Running: 'in_corso', Done: 'completato', Failed: 'errore' } as const;
export type UpdateState = (typeof UpdateState)[keyof typeof UpdateState];
export const updateStateLabels: Record<UpdateState, string> = {
  in_corso: 'Aggiornamento in corso',
  completato: 'Aggiornamento completato',
  errore: 'Aggiornamento non riuscito',
};

export const updateProgressSchema = z.object({
  connectionID: zString(),
  stato: z.enum([UpdateState.Running, UpdateState.Done, UpdateState.Failed]),
  /** Steps completed so far and total steps to run. */
  passo: zNumber().int(),
  passiTotali: zNumber().int(),
  percentuale: zNumber().int().min(0).max(100),
  /** Italian description of the step running (or of the last one). */
  descrizione: zString().nullable(),
  revisione: zNumber().int(),
  revisioneRichiesta: zNumber().int(),
  /** Error message when stato is 'errore'. */
  messaggio: zString().nullable(),
});
export type UpdateProgress = z.infer<typeof updateProgressSchema>;

/** PUT /api/db/ultimoAccesso (X-Archive-Id): on each route change; `attivita` = the activities route. */
export const lastAccessRequestSchema = z.object({ attivita: z.boolean() });
export type LastAccessRequest = z.infer<typeof lastAccessRequestSchema>;
export const lastAccessResponseSchema = z.object({
  pid: zString().nullable(),
  mioCondominioPremiumAbilitato: z.boolean(),
});
export type LastAccessResponse = z.infer<typeof lastAccessResponseSchema>;
