import {
  AuthMessage,
  AuthPath,
  envelopeSchema,
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
} from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import {
  type AuthDeps,
  type IssuedSession,
  isLogged,
  login,
  loginResponse,
  logout,
  refresh,
  requestPasswordRecovery,
  resetPassword,
  unattendedLogin,
} from './auth.service.ts';
import { bearerToken, requestedArchiveId } from './auth-guard.ts';
import { recoveryRateLimit, refreshRateLimit, resetRateLimit, unattendedRateLimit } from './rate-limits.ts';
import { clearRefreshCookie, refreshTokenOf, setRefreshCookie } from './refresh-cookie.ts';
import { verifyAccessToken } from './tokens.ts';

const TAGS = ['autenticazione'];
const BEARER = [{ bearer: [] }];

/** Account sessions: login, token refresh and rotation, logout, password recovery, unattended login. */
export async function authRoutes(app: AppInstance) {
  const deps: AuthDeps = { db: app.db, config: app.config, log: app.log };
  const withSession = (reply: FastifyReply, session: IssuedSession) =>
    setRefreshCookie(reply, app.config, session.refreshToken, session.refreshExpiresAt);

  for (const [url, mobile] of [
    [AuthPath.login, false],
    [AuthPath.loginMobile, true],
  ] as const) {
    app.post(
      url,
      {
        config: { auth: 'none' },
        schema: {
          tags: TAGS,
          summary: mobile ? 'Accesso dall’app mobile (wrapper nativo)' : 'Accesso con email e password',
          description:
            'Verifica le credenziali dell’account (solo account Pro: il tipo "one" riceve 117; credenziali ' +
            'errate 101; campi mancanti 108). Apre una sessione: access token JWT di 15 minuti e refresh token ' +
            'restituito nel corpo e nel cookie httpOnly `stabile_refresh` (path /user), valido 14 giorni o 365 ' +
            (mobile ? 'con keepLogin (predefinito true per l’app mobile).' : 'con keepLogin.') +
            ' I tentativi falliti sono limitati per indirizzo e per account: oltre il limite 121 (429) con ' +
            'l’attesa in minuti nel messaggio e nell’header Retry-After; server troppo occupato 124 (503).',
          body: loginRequestSchema.nullish(),
          response: { 200: envelopeSchema(loginResponseSchema) },
        },
      },
      async (request, reply) => {
        const keepLogin = request.body?.keepLogin ?? mobile;
        const { account, session } = await login(
          { ...deps, throttle: app.loginThrottle, address: request.ip },
          { ...(request.body ?? {}), keepLogin },
          request.headers['user-agent'] ?? null,
        );
        withSession(reply, session);
        return ok(reply, loginResponse(account, session));
      },
    );
  }

  app.get(
    AuthPath.isLogged,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Informazioni dell’account collegato',
        description:
          'Con l’header X-Archive-Id di un archivio sbloccato nella sessione riporta la gestione accessi e i ' +
          'permessi dell’utente dell’archivio, così il client si accorge dei cambiamenti.',
        security: BEARER,
        response: { 200: envelopeSchema(isLoggedResponseSchema) },
      },
    },
    async (request, reply) => ok(reply, await isLogged(app.db, request.auth!, requestedArchiveId(request))),
  );

  app.post(
    AuthPath.refresh,
    {
      config: { auth: 'none', rateLimit: refreshRateLimit },
      schema: {
        tags: TAGS,
        summary: 'Rinnova l’access token con il refresh token',
        description:
          'Il refresh token arriva nel corpo o nel cookie. Ogni uso lo sostituisce con uno nuovo; un token già ' +
          'usato presentato di nuovo chiude l’intera sessione (111).',
        body: refreshRequestSchema.nullish(),
        response: { 200: envelopeSchema(refreshResponseSchema) },
      },
    },
    async (request, reply) => {
      const session = await refresh(deps, refreshTokenOf(request, request.body?.refreshToken)).catch(
        (error: unknown) => {
          clearRefreshCookie(reply, app.config);
          throw error;
        },
      );
      withSession(reply, session);
      return ok(reply, { accessToken: session.accessToken, refreshToken: session.refreshToken });
    },
  );

  app.post(
    AuthPath.logout,
    {
      config: { auth: 'none' },
      schema: {
        tags: TAGS,
        summary: 'Esci: chiude la sessione',
        description:
          'Invalida la sessione del refresh token (corpo o cookie) e dell’access token, e cancella il cookie.',
        body: logoutRequestSchema.nullish(),
        response: { 200: envelopeSchema(okResponseSchema) },
      },
    },
    async (request, reply) => {
      const bearer = bearerToken(request);
      const claims = bearer ? await verifyAccessToken(app.config.jwtSecret, bearer).catch(() => null) : null;
      await logout(deps, refreshTokenOf(request, request.body?.refreshToken), claims?.sessionId ?? null);
      clearRefreshCookie(reply, app.config);
      return ok(reply, { ok: true as const });
    },
  );

  app.post(
    AuthPath.passwordRecovery,
    {
      config: { auth: 'none', rateLimit: recoveryRateLimit },
      schema: {
        tags: TAGS,
        summary: 'Recupero password: invia il link per reimpostarla',
        description:
          'Risponde allo stesso modo che l’email esista o no. Se esiste invia un link monouso valido un’ora a ' +
          '`/forgotPassword?token=...`.',
        body: passwordRecoveryRequestSchema,
        response: { 200: envelopeSchema(passwordRecoveryResponseSchema) },
      },
    },
    async (request, reply) => {
      // The same answer, in the same time, whether the email has an account or not: the lookup
      // and the email happen after the answer.
      const { email } = request.body;
      app.afterResponse(() => requestPasswordRecovery({ ...deps, mailer: app.mailer }, email));
      return ok(reply, { ok: true as const, messaggio: AuthMessage.RecoverySent });
    },
  );

  app.post(
    AuthPath.passwordReset,
    {
      config: { auth: 'none', rateLimit: resetRateLimit },
      schema: {
        tags: TAGS,
        summary: 'Imposta una nuova password dal link ricevuto',
        description:
          'Password di almeno 8 caratteri. Il link vale una volta sola; tutte le sessioni dell’account vengono ' +
          'chiuse. Link non valido o scaduto: 110.',
        body: passwordResetRequestSchema,
        response: { 200: envelopeSchema(passwordResetResponseSchema) },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return ok(reply, { ok: true as const });
    },
  );

  app.post(
    AuthPath.unattended,
    {
      config: { auth: 'none', rateLimit: unattendedRateLimit },
      schema: {
        tags: TAGS,
        summary: 'Accesso senza credenziali con un token del portale',
        description:
          'portalToken: token monouso valido 5 minuti emesso dal portale condomini o dalla suite desktop ' +
          '(comando `npm run unattended-token -w apps/server -- <email>`). Risponde come il login.',
        querystring: unattendedQuerySchema,
        response: { 200: envelopeSchema(loginResponseSchema) },
      },
    },
    async (request, reply) => {
      const { account, session } = await unattendedLogin(
        deps,
        request.query.portalToken,
        request.query.sessionID,
        request.headers['user-agent'] ?? null,
      );
      withSession(reply, session);
      return ok(reply, loginResponse(account, session));
    },
  );
}
