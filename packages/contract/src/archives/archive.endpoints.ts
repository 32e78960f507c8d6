import { endpoint } from '../common/endpoint.ts';
import { ErrorCode } from '../common/errors.ts';
import {
  archiveListResponseSchema,
  archiveLoginRequestSchema,
  archiveUnlockResponseSchema,
  archiveUsersResponseSchema,
  checkDbVersionResponseSchema,
  isProtectedResponseSchema,
  lastAccessRequestSchema,
  lastAccessResponseSchema,
  openArchiveQuerySchema,
  openArchiveResponseSchema,
  updateDbQuerySchema,
  updateProgressSchema,
  userManagementLoginRequestSchema,
} from './archive.schemas.ts';

const tags = ['archivi'] as const;
/** Password checks are throttled like account logins. */
const throttled = [ErrorCode.TooManyRequests, ErrorCode.ServerBusy] as const;

/**
 * The archive calls (spec section 7, Archive): list, unlock (password or archive user), open, data
 * revision and its update, last access. The calls before the unlock need only the account and read
 * the archive of the X-Archive-Id header themselves; the others need the archive unlocked in this
 * session. Archive-wide: no permission area.
 */
export const ArchiveApi = {
  list: endpoint({
    operationId: 'elencoArchivi',
    method: 'GET',
    path: '/api/db',
    summary: 'Archivi dell’account',
    description:
      'Nome, protezione, gestione accessi, revisione dei dati, pubblicazione sul portale, ultimo accesso.',
    tags,
    auth: 'account',
    response: archiveListResponseSchema,
  }),
  isProtected: endpoint({
    operationId: 'archivioProtetto',
    method: 'GET',
    path: '/api/db/isProtected',
    summary: 'Indica se l’archivio (X-Archive-Id) è protetto',
    tags,
    auth: 'account',
    archiveHeader: true,
    response: isProtectedResponseSchema,
    errors: [ErrorCode.InvalidArchive],
  }),
  login: endpoint({
    operationId: 'sbloccaArchivio',
    method: 'POST',
    path: '/api/db/login',
    summary: 'Sblocca l’archivio (X-Archive-Id) per la sessione',
    description:
      'Archivio protetto da password: password vuota 102, errata 103. Archivio non protetto: corpo `{}`, ' +
      'nessuna password. Archivio con gestione utenti: usare /api/db/userManagement/login (110).',
    tags,
    auth: 'account',
    archiveHeader: true,
    body: archiveLoginRequestSchema.nullish(),
    response: archiveUnlockResponseSchema,
    errors: [
      ErrorCode.InvalidArchive,
      ErrorCode.InvalidArchivePassword,
      ErrorCode.WrongArchivePassword,
      ErrorCode.WrongParams,
      ...throttled,
    ],
  }),
  users: endpoint({
    operationId: 'utentiArchivio',
    method: 'GET',
    path: '/api/db/userManagement/users',
    summary: 'Utenti dell’archivio con gestione accessi (X-Archive-Id)',
    tags,
    auth: 'account',
    archiveHeader: true,
    response: archiveUsersResponseSchema,
    errors: [ErrorCode.InvalidArchive, ErrorCode.WrongParams],
  }),
  userLogin: endpoint({
    operationId: 'sbloccaArchivioUtente',
    method: 'POST',
    path: '/api/db/userManagement/login',
    summary: 'Sblocca l’archivio come uno dei suoi utenti',
    description:
      'Utente inesistente o password errata: 104. Utente disattivato: 120 con un messaggio che lo dice ' +
      '(controllato dopo la password).',
    tags,
    auth: 'account',
    archiveHeader: true,
    body: userManagementLoginRequestSchema,
    response: archiveUnlockResponseSchema,
    errors: [
      ErrorCode.InvalidArchive,
      ErrorCode.InvalidUserPassword,
      ErrorCode.WrongParams,
      ErrorCode.Forbidden,
      ...throttled,
    ],
  }),
  open: endpoint({
    operationId: 'apriArchivio',
    method: 'GET',
    path: '/api/db/open',
    summary: 'Apre l’archivio sbloccato',
    description:
      'Con ritornaInfo=true restituisce i dati dell’archivio, l’utente scelto e i permessi per area. ' +
      'Archivio da aggiornare: 105.',
    tags,
    query: openArchiveQuerySchema,
    response: openArchiveResponseSchema,
    errors: [ErrorCode.InvalidArchive, ErrorCode.ArchiveNotUpdated],
  }),
  checkVersion: endpoint({
    operationId: 'revisioneArchivio',
    method: 'GET',
    path: '/api/db/checkDBVersion',
    summary: 'Revisione dei dati dell’archivio e revisione richiesta',
    tags,
    response: checkDbVersionResponseSchema,
    errors: [ErrorCode.InvalidArchive],
  }),
  update: endpoint({
    operationId: 'aggiornaArchivio',
    method: 'POST',
    path: '/api/db/updateDB',
    summary: 'Aggiorna i dati dell’archivio alla revisione richiesta',
    description:
      'Esegue i passi mancanti in un’unica transazione (tutto o niente) e risponde al termine con lo stato ' +
      'finale. Intanto GET /api/db/updateDB/progress?connectionID=... legge l’avanzamento salvato nel ' +
      'database. Con gestione accessi serve un utente Amministratore (120).',
    tags,
    query: updateDbQuerySchema,
    response: updateProgressSchema,
    errors: [ErrorCode.InvalidArchive, ErrorCode.Forbidden, ErrorCode.ApplicationError],
  }),
  updateProgress: endpoint({
    operationId: 'avanzamentoAggiornamentoArchivio',
    method: 'GET',
    path: '/api/db/updateDB/progress',
    summary: 'Avanzamento dell’aggiornamento dell’archivio',
    description: 'Identificativo sconosciuto: 122.',
    tags,
    query: updateDbQuerySchema,
    response: updateProgressSchema,
    errors: [ErrorCode.InvalidArchive, ErrorCode.NotFound],
  }),
  lastAccess: endpoint({
    operationId: 'ultimoAccessoArchivio',
    method: 'PUT',
    path: '/api/db/ultimoAccesso',
    summary: 'Aggiorna l’ultimo accesso all’archivio (a ogni cambio di pagina)',
    description:
      '`attivita` indica la pagina delle attività. Restituisce il PID e l’abilitazione a MioCondominio Premium.',
    tags,
    body: lastAccessRequestSchema,
    response: lastAccessResponseSchema,
    errors: [ErrorCode.InvalidArchive, ErrorCode.ArchiveNotUpdated],
  }),
};
