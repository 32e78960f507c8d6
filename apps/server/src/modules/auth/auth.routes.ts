import { AuthApi as Api, AuthMessage } from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { accountOf } from '../../shared/scope.ts';
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

/** Account sessions: login, token refresh and rotation, logout, password recovery, unattended login. */
export async function authRoutes(app: AppInstance) {
  const deps: AuthDeps = { db: app.db, config: app.config, log: app.log };
  const withSession = (reply: FastifyReply, session: IssuedSession) =>
    setRefreshCookie(reply, app.config, session.refreshToken, session.refreshExpiresAt);

  for (const [declaration, mobile] of [
    [Api.login, false],
    [Api.loginMobile, true],
  ] as const) {
    route(app, declaration, async ({ request, reply, body }) => {
      const keepLogin = body?.keepLogin ?? mobile;
      const { account, session } = await login(
        { ...deps, throttle: app.loginThrottle, address: request.ip },
        { ...(body ?? {}), keepLogin },
        request.headers['user-agent'] ?? null,
      );
      withSession(reply, session);
      return loginResponse(account, session);
    });
  }

  route(app, Api.isLogged, ({ request }) =>
    isLogged(app.db, accountOf(request), requestedArchiveId(request)),
  );

  route(
    app,
    Api.refresh,
    async ({ request, reply, body }) => {
      const session = await refresh(deps, refreshTokenOf(request, body?.refreshToken)).catch(
        (error: unknown) => {
          clearRefreshCookie(reply, app.config);
          throw error;
        },
      );
      withSession(reply, session);
      return { accessToken: session.accessToken, refreshToken: session.refreshToken };
    },
    { config: { rateLimit: refreshRateLimit } },
  );

  route(app, Api.logout, async ({ request, reply, body }) => {
    const bearer = bearerToken(request);
    const claims = bearer ? await verifyAccessToken(app.config.jwtSecret, bearer).catch(() => null) : null;
    await logout(deps, refreshTokenOf(request, body?.refreshToken), claims?.sessionId ?? null);
    clearRefreshCookie(reply, app.config);
    return { ok: true as const };
  });

  route(
    app,
    Api.passwordRecovery,
    async ({ body }) => {
      // The same answer, in the same time, whether the email has an account or not: the lookup
      // and the email happen after the answer.
      app.afterResponse(() => requestPasswordRecovery({ ...deps, mailer: app.mailer }, body.email));
      return { ok: true as const, messaggio: AuthMessage.RecoverySent };
    },
    { config: { rateLimit: recoveryRateLimit } },
  );

  route(
    app,
    Api.passwordReset,
    async ({ body }) => {
      await resetPassword(deps, body.token, body.password);
      return { ok: true as const };
    },
    { config: { rateLimit: resetRateLimit } },
  );

  route(
    app,
    Api.unattended,
    async ({ request, reply, query }) => {
      const { account, session } = await unattendedLogin(
        deps,
        query.portalToken,
        query.sessionID,
        request.headers['user-agent'] ?? null,
      );
      withSession(reply, session);
      return loginResponse(account, session);
    },
    { config: { rateLimit: unattendedRateLimit } },
  );
}
