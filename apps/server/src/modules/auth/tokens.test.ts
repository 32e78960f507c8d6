import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'x'.repeat(48);

afterEach(() => {
  vi.useRealTimers();
});

describe('access tokens', () => {
  it('accepts a token again without re-checking, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const token = await signAccessToken(SECRET, { accountId: 7, sessionId: 's-1' }, 60);
    expect(await verifyAccessToken(SECRET, token)).toEqual({ accountId: 7, sessionId: 's-1' });
    expect(await verifyAccessToken(SECRET, token)).toEqual({ accountId: 7, sessionId: 's-1' });

    vi.setSystemTime(new Date('2026-11-22T10:01:01Z'));
    await expect(verifyAccessToken(SECRET, token)).rejects.toMatchObject({ code: 111 });
  });

  it('does not accept a token verified under another secret', async () => {
    const token = await signAccessToken(SECRET, { accountId: 7, sessionId: 's-2' });
    await verifyAccessToken(SECRET, token);
    await expect(verifyAccessToken('y'.repeat(48), token)).rejects.toMatchObject({ code: 111 });
  });
});
