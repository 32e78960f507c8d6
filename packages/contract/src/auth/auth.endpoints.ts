import { endpoint } from '../common/endpoint.ts';
import { ErrorCode } from '../common/errors.ts';
import { AuthPath } from './auth.paths.ts';
import {
  isLoggedResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  okResponseSchema,
  passwordRecoveryRequestSchema,
  passwordRecoveryResponseSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  unattendedQuerySchema,
} from './auth.schemas.ts';

const tags = ['autenticazione'] as const;
/** Over a per-route rate limit: 121 (429) with the wait in the message and in Retry-After. */
const limited = [ErrorCode.TooManyRequests] as const;

const loginDescription = (keepLogin: string) =>
  'Verifica le credenziali dell’account (solo account Pro: il tipo "one" riceve 117; credenziali ' +
  'errate 101; campi mancanti 108). Apre una sessione: access token JWT di 15 minuti e refresh token ' +
  'restituito nel corpo e nel cookie httpOnly `stabile_refresh` (path /user), valido 14 giorni o 365 ' +
  keepLogin +
  ' I tentativi falliti sono limitati per indirizzo e per account: oltre il limite 121 (429) con ' +
  'l’attesa in minuti nel messaggio e nell’header Retry-After; server troppo occupato 124 (503).';

const loginErrors = [
  ErrorCode.LoginFailed,
  ErrorCode.MissingParams,
  ErrorCode.UnauthorizedReleaseType,
  ErrorCode.RequiresPro,
  ErrorCode.TooManyRequests,
  ErrorCode.ServerBusy,
] as const;

/**
 * The account and session calls (spec section 7, Auth): login, token refresh and rotation, logout,
 * password recovery, unattended login. Open to anyone except `isLogged`.
 */
export const AuthApi = {
  login: endpoint({
    operationId: 'login',
    method: 'POST',
    path: AuthPath.login,
    summary: 'Accesso con email e password',
    description: loginDescription('con keepLogin.'),
    tags,
    auth: 'none',
    body: loginRequestSchema.nullish(),
    response: loginResponseSchema,
    errors: loginErrors,
  }),
  loginMobile: endpoint({
    operationId: 'loginMobile',
    method: 'POST',
    path: AuthPath.loginMobile,
    summary: 'Accesso dall’app mobile (wrapper nativo)',
    description: loginDescription('con keepLogin (predefinito true per l’app mobile).'),
    tags,
    auth: 'none',
    body: loginRequestSchema.nullish(),
    response: loginResponseSchema,
    errors: loginErrors,
  }),
  isLogged: endpoint({
    operationId: 'isLogged',
    method: 'GET',
    path: AuthPath.isLogged,
    summary: 'Informazioni dell’account collegato',
    description:
      'Con l’header X-Archive-Id di un archivio sbloccato nella sessione riporta la gestione accessi e i ' +
      'permessi dell’utente dell’archivio, così il client si accorge dei cambiamenti.',
    tags,
    auth: 'account',
    response: isLoggedResponseSchema,
  }),
  refresh: endpoint({
    operationId: 'refreshToken',
    method: 'POST',
    path: AuthPath.refresh,
    summary: 'Rinnova l’access token con il refresh token',
    description:
      'Il refresh token arriva nel corpo o nel cookie. Ogni uso lo sostituisce con uno nuovo; un token già ' +
      'usato presentato di nuovo chiude l’intera sessione (111).',
    tags,
    auth: 'none',
    body: refreshRequestSchema.nullish(),
    response: refreshResponseSchema,
    errors: [ErrorCode.Unauthenticated, ...limited],
  }),
  logout: endpoint({
    operationId: 'logout',
    method: 'POST',
    path: AuthPath.logout,
    summary: 'Esci: chiude la sessione',
    description:
      'Invalida la sessione del refresh token (corpo o cookie) e dell’access token, e cancella il cookie.',
    tags,
    auth: 'none',
    body: logoutRequestSchema.nullish(),
    response: okResponseSchema,
  }),
  passwordRecovery: endpoint({
    operationId: 'recuperoPassword',
    method: 'POST',
    path: AuthPath.passwordRecovery,
    summary: 'Recupero password: invia il link per reimpostarla',
    description:
      'Risponde allo stesso modo che l’email esista o no. Se esiste invia un link monouso valido un’ora a ' +
      '`/forgotPassword?token=...`.',
    tags,
    auth: 'none',
    body: passwordRecoveryRequestSchema,
    response: passwordRecoveryResponseSchema,
    errors: limited,
  }),
  passwordReset: endpoint({
    operationId: 'reimpostaPassword',
    method: 'POST',
    path: AuthPath.passwordReset,
    summary: 'Imposta una nuova password dal link ricevuto',
    description:
      'Password di almeno 8 caratteri. Il link vale una volta sola; tutte le sessioni dell’account vengono ' +
      'chiuse. Link non valido o scaduto: 110.',
    tags,
    auth: 'none',
    body: passwordResetRequestSchema,
    response: passwordResetResponseSchema,
    errors: [ErrorCode.WrongParams, ...limited],
  }),
  unattended: endpoint({
    operationId: 'accessoNonPresidiato',
    method: 'POST',
    path: AuthPath.unattended,
    summary: 'Accesso senza credenziali con un token del portale',
    description:
      'portalToken: token monouso valido 5 minuti emesso dal portale condomini o dalla suite desktop ' +
      '(comando `npm run unattended-token -w apps/server -- <email>`). Risponde come il login.',
    tags,
    auth: 'none',
    query: unattendedQuerySchema,
    response: loginResponseSchema,
    errors: [ErrorCode.Unauthenticated, ErrorCode.UnauthorizedReleaseType, ErrorCode.RequiresPro, ...limited],
  }),
};
