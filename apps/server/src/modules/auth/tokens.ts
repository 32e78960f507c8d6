import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../shared/app-error.ts';

const ISSUER = 'stabile';
const AUDIENCE = 'stabile-api';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  accountId: number;
  sessionId: string;
}

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
) {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.accountId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(secret));
}

/**
 * Tokens already verified, until they expire: a client sends the same token on every request for
 * its 15 minutes, and checking the signature again each time (an HMAC through WebCrypto, with the
 * key imported each call) was a tenth of a list request. Only the signature and claims are
 * remembered; the session behind the token is still read from the database on every request, so a
 * logout or a revoked session takes effect at once.
 */
const verified = new Map<string, { secret: string; claims: AccessClaims; expiresAt: number }>();
const VERIFIED_CAP = 10_000;

/** Verifies an access token: HS256 only (no `none`), issuer, audience and expiry checked. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  const known = verified.get(token);
  if (known && known.secret === secret && known.expiresAt > Date.now()) return known.claims;
  if (known) verified.delete(token);
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const accountId = Number(payload.sub);
    if (!Number.isSafeInteger(accountId) || typeof payload.sid !== 'string') throw new AppError(111);
    const claims = { accountId, sessionId: payload.sid };
    if (typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_CAP) verified.delete(verified.keys().next().value as string);
      verified.set(token, { secret, claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof errors.JOSEError) throw new AppError(111);
    throw new AppError(111);
  }
}

/** A random opaque token (refresh, reset, unattended) and the hash we store. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
