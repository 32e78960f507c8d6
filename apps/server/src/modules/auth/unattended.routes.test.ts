import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { issueUnattendedToken } from './auth.service.ts';
import { clientAddress, createAccount } from './auth.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://stabile.example.it' });
});
afterAll(() => t.close());

const unattended = (query: string) =>
  t.app.inject({ method: 'POST', url: `/user/unattended?${query}`, remoteAddress: clientAddress() });

describe('POST /user/unattended', () => {
  it('logs in once with a portal token, like the login (cookie Secure on an https site)', async () => {
    const account = await createAccount(t);
    const issued = (await issueUnattendedToken(t.database.db, account.email.toUpperCase()))!;
    const res = await unattended(`portalToken=${issued.token}&sessionID=portale-1`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      username: account.email,
      account: { tipo: 'pro' },
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const again = await unattended(`portalToken=${issued.token}`);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toMatchObject({
      code: 111,
      message: 'Il link di accesso non è valido o è scaduto.',
    });
  });

  it('refuses an expired token, an unknown one, and one bound to another sessionID', async () => {
    const account = await createAccount(t);
    const expired = (await issueUnattendedToken(t.database.db, account.email))!;
    await t.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('account_id', '=', account.id)
      .execute();
    expect((await unattended(`portalToken=${expired.token}`)).json().error.code).toBe(111);
    expect((await unattended('portalToken=inventato')).json().error.code).toBe(111);
    const bound = (await issueUnattendedToken(t.database.db, account.email, 'sessione-42'))!;
    expect((await unattended(`portalToken=${bound.token}&sessionID=altra`)).json().error.code).toBe(111);
    const boundOk = (await issueUnattendedToken(t.database.db, account.email, 'sessione-42'))!;
    expect((await unattended(`portalToken=${boundOk.token}&sessionID=sessione-42`)).statusCode).toBe(200);
  });

  it("refuses a 'one' account (117) and needs the portalToken (113)", async () => {
    const one = await createAccount(t, { type: 'one' });
    const issued = (await issueUnattendedToken(t.database.db, one.email))!;
    expect((await unattended(`portalToken=${issued.token}`)).json().error.code).toBe(117);
    expect((await unattended('sessionID=x')).json().error.code).toBe(113);
    expect(await issueUnattendedToken(t.database.db, 'nessuno@example.it')).toBeNull();
  });
});
