import { REFRESH_COOKIE_NAME } from '@stabile/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * The web app keeps the refresh token in an httpOnly, SameSite=Strict cookie scoped to `/user`
 * (the only paths that read it). Secure whenever the public URL is https; a plain-http URL (a
 * local run on http://localhost) would otherwise never get the cookie back.
 */
function cookieOptions(config: Config) {
  return {
    path: '/user',
    httpOnly: true,
    secure: config.publicUrl.startsWith('https://'),
    sameSite: 'strict' as const,
  };
}

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string, expires: Date) {
  reply.setCookie(REFRESH_COOKIE_NAME, token, { ...cookieOptions(config), expires });
}

export function clearRefreshCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(REFRESH_COOKIE_NAME, cookieOptions(config));
}

/** The refresh token of a request: the body wins (native wrapper), else the cookie (web app). */
export function refreshTokenOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody || request.cookies[REFRESH_COOKIE_NAME] || undefined;
}
