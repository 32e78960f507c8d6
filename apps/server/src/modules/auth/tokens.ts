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

/** Verifies an access token: HS256 only (no `none`), issuer, audience and expiry checked. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const accountId = Number(payload.sub);
    if (!Number.isSafeInteger(accountId) || typeof payload.sid !== 'string') throw new AppError(111);
    return { accountId, sessionId: payload.sid };
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
