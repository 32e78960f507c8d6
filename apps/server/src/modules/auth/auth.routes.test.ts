import { errorCatalogue, REFRESH_COOKIE_NAME } from '@stabile/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientAddress, createAccount, loginAs } from './auth.test-helpers.ts';
import { signAccessToken } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header.join('\n') : String(header ?? '');
  return value;
}

function refreshCookieValue(res: { headers: Record<string, unknown> }): string | undefined {
  const match = new RegExp(`${REFRESH_COOKIE_NAME}=([^;]*)`).exec(cookieOf(res));
  return match?.[1];
}

describe('POST /user/login', () => {
  it('opens a session: tokens in the body, refresh token in a strict httpOnly cookie for 14 days', async () => {
    const account = await createAccount(t, { displayName: 'Studio Bianchi' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      remoteAddress: clientAddress(),
      payload: { username: `  ${account.email.toUpperCase()} `, password: account.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toBeNull();
    expect(body.data).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      username: account.email,
      account: { versione: 1, gestioneAccessi: false, tipo: 'pro', nome: 'Studio Bianchi' },
    });
    const cookie = cookieOf(res);
    expect(refreshCookieValue(res)).toBe(body.data.refreshToken);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/user/);
    expect(cookie).not.toMatch(/Secure/); // PUBLIC_URL of the tests is http
    const expires = Date.parse(/Expires=([^;]+)/.exec(cookie)![1]!);
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(14);

    const logged = await t.app.inject({
      method: 'GET',
      url: '/user/islogged',
      headers: { authorization: `Bearer ${body.data.accessToken}` },
    });
    expect(logged.statusCode).toBe(200);
    expect(logged.json().data).toEqual({
      versione: 1,
      gestioneAccessi: false,
      gestioneAccessiData: null,
      username: account.email,
      tipo: 'pro',
      nome: 'Studio Bianchi',
    });
  });

  it('keeps the login for 365 days with keepLogin, and by default on /user/loginMobile', async () => {
    const account = await createAccount(t);
    for (const [url, payload] of [
      ['/user/login', { username: account.email, password: account.password, keepLogin: true }],
      ['/user/loginMobile', { username: account.email, password: account.password }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, remoteAddress: clientAddress(), payload });
      expect(res.statusCode).toBe(200);
      const expires = Date.parse(/Expires=([^;]+)/.exec(cookieOf(res))![1]!);
      expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(365);
    }
  });

  it('refuses wrong credentials with 101 and the spec text, the same for an unknown email', async () => {
    const account = await createAccount(t);
    for (const payload of [
      { username: account.email, password: 'sbagliata' },
      { username: 'nessuno@example.it', password: 'qualsiasi' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: clientAddress(),
        payload,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        data: null,
        error: { code: 101, message: errorCatalogue[101].message, status: 401 },
      });
      expect(res.json().error.message).toMatch(/^Credenziali errate\. Accedi con le tue attuali credenziali/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses missing fields with 108 (Credenziali obbligatorie mancanti)', async () => {
    for (const payload of [
      {},
      { username: 'a@b.it' },
      { username: '  ', password: 'x' },
      { password: 'x' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: clientAddress(),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 108, message: 'Credenziali obbligatorie mancanti' });
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/user/login', remoteAddress: clientAddress() });
    expect(noBody.json().error.code).toBe(108);
  });

  it("refuses an account of type 'one' with 117, only once the password is right", async () => {
    const one = await createAccount(t, { type: 'one' });
    const right = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      remoteAddress: clientAddress(),
      payload: { username: one.email, password: one.password },
    });
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({
      code: 117,
      message: 'Accesso riservato agli account Pro.',
      status: 403,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      remoteAddress: clientAddress(),
      payload: { username: one.email, password: 'sbagliata' },
    });
    expect(wrong.json().error.code).toBe(101);
  });

  it('stops guessing one account: after 10 wrong passwords the next attempt waits, from any address', async () => {
    const account = await createAccount(t);
    const remoteAddress = clientAddress();
    const attempt = (password: string, from = remoteAddress) =>
      t.app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: from,
        payload: { username: account.email, password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(`tentativo-${i}`)).json().error.code).toBe(101);
    const blocked = await attempt(account.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('60');
    expect(blocked.json()).toEqual({
      data: null,
      error: { code: 121, message: 'Troppi tentativi. Riprova tra 1 minuto.', status: 429 },
    });
    // The budget is the account's: another address waits too.
    expect((await attempt(account.password, clientAddress())).statusCode).toBe(429);
    // Another account from the same address is not affected.
    const other = await createAccount(t);
    await loginAs(t, other.email, other.password, { remoteAddress });
  });
});

describe('access tokens', () => {
  it('refuses a request without token, with a tampered, expired, alg none, or wrongly signed token (111)', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    const [header, payload, signature] = session.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const other = await createAccount(t);
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: String(other.id) })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const expired = await signAccessToken(
      t.config.jwtSecret,
      { accountId: account.id, sessionId: String(claims.sid) },
      -60,
    );
    const foreignKey = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setIssuer('stabile')
      .setAudience('stabile-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('un-altro-segreto-lungo-almeno-32-caratteri!!'));
    const wrongAudience = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setIssuer('stabile')
      .setAudience('altro')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const authorization of [
      undefined,
      'Bearer',
      `Basic ${session.accessToken}`,
      `Bearer ${tampered}`,
      `Bearer ${none}`,
      `Bearer ${expired}`,
      `Bearer ${foreignKey}`,
      `Bearer ${wrongAudience}`,
      'Bearer non.un.token',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/user/islogged',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe(111);
    }
    const good = await t.app.inject({ method: 'GET', url: '/user/islogged', headers: session.bearer });
    expect(good.statusCode).toBe(200);
  });

  it("refuses a correctly signed token naming another account's session (111)", async () => {
    const a = await createAccount(t);
    const b = await createAccount(t);
    const sessionA = await loginAs(t, a.email, a.password);
    const sid = JSON.parse(Buffer.from(sessionA.accessToken.split('.')[1]!, 'base64url').toString()).sid;
    const mixed = await signAccessToken(t.config.jwtSecret, { accountId: b.id, sessionId: sid });
    const res = await t.app.inject({
      method: 'GET',
      url: '/user/islogged',
      headers: { authorization: `Bearer ${mixed}` },
    });
    expect(res.json().error.code).toBe(111);
  });
});

describe('POST /user/refresh', () => {
  it('rotates the refresh token given in the body: new pair, the old one no longer works', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(data.refreshToken).not.toBe(session.refreshToken);
    expect(refreshCookieValue(res)).toBe(data.refreshToken);
    const logged = await t.app.inject({
      method: 'GET',
      url: '/user/islogged',
      headers: { authorization: `Bearer ${data.accessToken}` },
    });
    expect(logged.statusCode).toBe(200);
  });

  it('reads the refresh token from the cookie when the body has none', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      cookies: { [REFRESH_COOKIE_NAME]: session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(refreshCookieValue(res)).toBe(res.json().data.refreshToken);
  });

  it('refuses a missing or unknown refresh token (111) and clears the cookie', async () => {
    for (const payload of [undefined, { refreshToken: 'inventato' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/refresh',
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(111);
      expect(cookieOf(res)).toMatch(new RegExp(`${REFRESH_COOKIE_NAME}=;`));
    }
  });

  it('revokes the whole session when a rotated token is used again (after the two-tab grace window)', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    const first = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    const rotated = first.json().data as { accessToken: string; refreshToken: string };
    // The stolen old token is replayed a minute later.
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ used_at: new Date(Date.now() - 60_000).toISOString() })
      .where('used_at', 'is not', null)
      .execute();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe(111);
    // The whole family is gone: the legitimate successor and its access token too.
    const successor = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(successor.json().error.code).toBe(111);
    const access = await t.app.inject({
      method: 'GET',
      url: '/user/islogged',
      headers: { authorization: `Bearer ${rotated.accessToken}` },
    });
    expect(access.json().error.code).toBe(111);
  });

  it('lets two tabs refresh with the same token at the same moment without ending the session', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: '/user/refresh', payload: { refreshToken: session.refreshToken } }),
      t.app.inject({ method: 'POST', url: '/user/refresh', payload: { refreshToken: session.refreshToken } }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: b.json().data.refreshToken },
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an expired refresh token (111)', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    await t.database.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.json().error.code).toBe(111);
  });
});

describe('POST /user/logout', () => {
  it('ends the session: refresh and access tokens stop working, the cookie is cleared', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ok: true });
    expect(cookieOf(res)).toMatch(new RegExp(`${REFRESH_COOKIE_NAME}=;.*Path=/user`));
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/user/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.json().error.code).toBe(111);
    const access = await t.app.inject({ method: 'GET', url: '/user/islogged', headers: session.bearer });
    expect(access.json().error.code).toBe(111);
  });

  it('ends the session of the cookie or of the access token, and is harmless without either', async () => {
    const account = await createAccount(t);
    const byCookie = await loginAs(t, account.email, account.password);
    await t.app.inject({
      method: 'POST',
      url: '/user/logout',
      cookies: { [REFRESH_COOKIE_NAME]: byCookie.refreshToken },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/user/islogged', headers: byCookie.bearer })).statusCode,
    ).toBe(401);
    const byBearer = await loginAs(t, account.email, account.password);
    await t.app.inject({ method: 'POST', url: '/user/logout', headers: byBearer.bearer });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/user/refresh',
          payload: { refreshToken: byBearer.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    const empty = await t.app.inject({ method: 'POST', url: '/user/logout' });
    expect(empty.statusCode).toBe(200);
  });
});

describe('password recovery', () => {
  it('answers the same whether the email exists or not, and mails a one-hour link only when it does', async () => {
    const account = await createAccount(t, { displayName: 'Studio Verdi' });
    const before = t.outbox.length;
    // Hold the work the route leaves for after its answer, to see what the answer waited for.
    const held: Array<() => Promise<unknown>> = [];
    const afterResponse = t.app.afterResponse;
    t.app.afterResponse = (work) => held.push(work);
    let unknown: Awaited<ReturnType<typeof t.app.inject>>;
    let known: typeof unknown;
    try {
      unknown = await t.app.inject({
        method: 'POST',
        url: '/user/passwordRecovery',
        remoteAddress: clientAddress(),
        payload: { email: 'sconosciuto@example.it' },
      });
      known = await t.app.inject({
        method: 'POST',
        url: '/user/passwordRecovery',
        remoteAddress: clientAddress(),
        payload: { email: account.email.toUpperCase() },
      });
    } finally {
      t.app.afterResponse = afterResponse;
    }
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().data.messaggio).toMatch(/Se l'indirizzo corrisponde a un account/);
    // Both answers came before any work on the account (its lookup, its link, its email): so they
    // take the same time whether the email has an account or not.
    expect(held).toHaveLength(2);
    const tokens = () =>
      t.database.db
        .selectFrom('one_time_tokens')
        .select('token_hash')
        .where('account_id', '=', account.id)
        .execute();
    expect(await tokens()).toEqual([]);
    expect(t.outbox.length).toBe(before);
    for (const work of held) await work();
    expect(await tokens()).toHaveLength(1);
    expect(t.outbox.length).toBe(before + 1);
    const mail = t.outbox.at(-1)!;
    expect(mail.to).toBe(account.email);
    expect(mail.subject).toMatch(/reimposta la password/);
    expect(mail.text).toMatch(/Buongiorno Studio Verdi/);
    expect(mail.text).toMatch(/http:\/\/stabile\.test\/forgotPassword\?token=[\w-]+/);
  });

  it('refuses an invalid email with an Italian message (113)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/passwordRecovery',
      remoteAddress: clientAddress(),
      payload: { email: 'non-una-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 113, message: 'Indirizzo email non valido (email)' });
  });

  it('sets a new password from the link once, ending every session of the account', async () => {
    const account = await createAccount(t);
    const session = await loginAs(t, account.email, account.password);
    await t.app.inject({
      method: 'POST',
      url: '/user/passwordRecovery',
      remoteAddress: clientAddress(),
      payload: { email: account.email },
    });
    await t.app.settled();
    const token = /token=([\w-]+)/.exec(t.outbox.at(-1)!.text)![1]!;

    const short = await t.app.inject({
      method: 'POST',
      url: '/user/passwordReset',
      payload: { token, password: 'corta' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('La password deve avere almeno 8 caratteri (password)');

    const reset = await t.app.inject({
      method: 'POST',
      url: '/user/passwordReset',
      payload: { token, password: 'nuova-password-2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ ok: true });

    expect(
      (await t.app.inject({ method: 'GET', url: '/user/islogged', headers: session.bearer })).statusCode,
    ).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      remoteAddress: clientAddress(),
      payload: { username: account.email, password: account.password },
    });
    expect(oldPassword.json().error.code).toBe(101);
    await loginAs(t, account.email, 'nuova-password-2026');

    const again = await t.app.inject({
      method: 'POST',
      url: '/user/passwordReset',
      payload: { token, password: 'ancora-un-altra' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 110,
      message: 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
    });
  });

  it('refuses an expired reset link', async () => {
    const account = await createAccount(t);
    await t.app.inject({
      method: 'POST',
      url: '/user/passwordRecovery',
      remoteAddress: clientAddress(),
      payload: { email: account.email },
    });
    await t.app.settled();
    const token = /token=([\w-]+)/.exec(t.outbox.at(-1)!.text)![1]!;
    await t.database.db
      .updateTable('one_time_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('account_id', '=', account.id)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/passwordReset',
      payload: { token, password: 'nuova-password-2026' },
    });
    expect(res.json().error.code).toBe(110);
  });

  it('limits recovery requests per address (429, code 121)', async () => {
    const remoteAddress = clientAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/user/passwordRecovery',
        remoteAddress,
        payload: { email: `x${i}@example.it` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('OpenAPI', () => {
  it('documents the auth routes with their tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/user/login'].post.tags).toEqual(['autenticazione']);
    expect(doc.paths['/user/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/db/updateDB'].post.tags).toEqual(['archivi']);
  });
});
