import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../shared/app-error.ts';

/**
 * Short-lived signed links to one attachment's file: the preview frame and a download open them
 * without the bearer token. The token names the archive, the attachment and its download key (a
 * replaced or deleted file's links die with it), whether to download, and when it expires; it is
 * signed with LINK_SECRET under a purpose of its own.
 */
export const LINK_LIFETIME_SECONDS = 5 * 60;

export interface LinkClaims {
  archiveId: number;
  attachmentId: number;
  chiave: string;
  download: boolean;
  /** Expiry, seconds since the epoch. */
  expires: number;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update('stabile:allegato-link:').update(payload).digest();
}

export function signLink(secret: string, claims: LinkClaims): string {
  const payload = Buffer.from(
    JSON.stringify([
      claims.archiveId,
      claims.attachmentId,
      claims.chiave,
      claims.download ? 1 : 0,
      claims.expires,
    ]),
  ).toString('base64url');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

const refused = () => new AppError(120, 'Il collegamento al file è scaduto o non è valido.');

/** The claims of a valid, unexpired token; 120 for anything else. */
export function verifyLink(secret: string, token: string, now = Date.now()): LinkClaims {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined) throw refused();
  const expected = signature(secret, payload);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused();
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw refused();
  }
  if (!Array.isArray(values) || values.length !== 5) throw refused();
  const [archiveId, attachmentId, chiave, download, expires] = values as [
    number,
    number,
    string,
    number,
    number,
  ];
  if (typeof expires !== 'number' || expires * 1000 < now) throw refused();
  return { archiveId, attachmentId, chiave, download: download === 1, expires };
}
