import type { FastifyRequest } from 'fastify';

/**
 * Per-route limits on the other credential checks (the plugin is registered with global:false);
 * account logins go through LoginThrottle (login-throttle.ts). Over
 * the limit the app answers 429 with code 121 and an Italian message. Keys include what is being
 * guessed (account, archive) so that one person's mistakes do not lock out the rest of an office
 * behind the same address.
 */
const MINUTE = 60_000;

/** The limit of a route, times the AUTH_RATE_LIMIT_FACTOR of the configuration (1 unless tuned). */
function scaled(base: number) {
  return (request: FastifyRequest) => base * request.server.config.authRateLimitFactor;
}

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
