import type { FastifyRequest } from 'fastify';
import { requestedArchiveId } from './auth-guard.ts';

/**
 * Per-route limits on every credential check (the plugin is registered with global:false). Over
 * the limit the app answers 429 with code 121 and an Italian message. Keys include what is being
 * guessed (account, archive) so that one person's mistakes do not lock out the rest of an office
 * behind the same address.
 */
const MINUTE = 60_000;

/** The limit of a route, times the AUTH_RATE_LIMIT_FACTOR of the configuration (1 unless tuned). */
function scaled(base: number) {
  return (request: FastifyRequest) => base * request.server.config.authRateLimitFactor;
}

function bodyField(request: FastifyRequest, field: string): string {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 200) : '';
}

/** Account login: 10 attempts per 15 minutes per address and username. */
export const loginRateLimit = {
  max: scaled(10),
  timeWindow: 15 * MINUTE,
  hook: 'preValidation' as const,
  keyGenerator: (request: FastifyRequest) => `login|${request.ip}|${bodyField(request, 'username')}`,
};

/** Token refresh: 60 per minute per address (several tabs refresh on their own). */
export const refreshRateLimit = {
  max: scaled(60),
  timeWindow: MINUTE,
  keyGenerator: (request: FastifyRequest) => `refresh|${request.ip}`,
};

/** Password recovery and reset, unattended login: 5 per 15 minutes per address. */
export const recoveryRateLimit = {
  max: scaled(5),
  timeWindow: 15 * MINUTE,
  keyGenerator: (request: FastifyRequest) => `recovery|${request.ip}`,
};

export const resetRateLimit = {
  max: scaled(10),
  timeWindow: 15 * MINUTE,
  keyGenerator: (request: FastifyRequest) => `reset|${request.ip}`,
};

export const unattendedRateLimit = {
  max: scaled(10),
  timeWindow: 15 * MINUTE,
  keyGenerator: (request: FastifyRequest) => `unattended|${request.ip}`,
};

/** Archive password and archive-user login: 10 per 15 minutes per address and archive. */
export const archiveLoginRateLimit = {
  max: scaled(10),
  timeWindow: 15 * MINUTE,
  keyGenerator: (request: FastifyRequest) =>
    `archive-login|${request.ip}|${requestedArchiveId(request) ?? 'none'}`,
};
