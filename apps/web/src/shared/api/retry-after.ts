import { ErrorCode } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';

/**
 * The message of a refused attempt (121) says how long to wait, in minutes, from the answer's
 * Retry-After header (seconds); without the header the server's message stands.
 */
export function tooManyAttemptsMessage(code: number, retryAfter: string | null | undefined): string | null {
  if (code !== ErrorCode.TooManyRequests || !retryAfter) return null;
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return i18n.t('errors:tooManyAttempts', { count: Math.max(1, Math.ceil(seconds / 60)) });
}
