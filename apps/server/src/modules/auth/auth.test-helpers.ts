import { nextGlobalId } from '../../db/ids.ts';
import { hashPassword } from '../../shared/passwords.ts';
import type { TestApp } from '../../test/build-test-app.ts';

let counter = 0;

/** Inserts an account with a real password hash; returns its id and email. */
export async function createAccount(
  t: TestApp,
  options: { email?: string; password?: string; type?: 'pro' | 'one'; displayName?: string } = {},
): Promise<{ id: number; email: string; password: string }> {
  const db = t.database.db;
  const id = await nextGlobalId(db, 'accounts');
  counter += 1;
  const email = options.email ?? `account${id}-${counter}@example.it`;
  const password = options.password ?? 'password-segreta';
  await db
    .insertInto('accounts')
    .values({
      id,
      email,
      password_hash: await hashPassword(password),
      type: options.type ?? 'pro',
      display_name: options.displayName ?? `Studio ${id}`,
      versione: 1,
      created_at: new Date().toISOString(),
      password_changed_at: null,
    })
    .execute();
  return { id, email, password };
}

let address = 0;
/** A distinct client address per call, so that rate limits of one test do not affect another. */
export function clientAddress(): string {
  address += 1;
  return `10.${Math.floor(address / 250) % 250}.${address % 250}.${1 + (process.pid % 200)}`;
}

export interface LoggedIn {
  accessToken: string;
  refreshToken: string;
  cookie: string | undefined;
  bearer: Record<string, string>;
}

export async function loginAs(
  t: TestApp,
  email: string,
  password: string,
  extra: { keepLogin?: boolean; remoteAddress?: string } = {},
): Promise<LoggedIn> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/user/login',
    remoteAddress: extra.remoteAddress ?? clientAddress(),
    payload: {
      username: email,
      password,
      ...(extra.keepLogin !== undefined ? { keepLogin: extra.keepLogin } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { accessToken: string; refreshToken: string };
  const setCookie = res.headers['set-cookie'];
  const cookie = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return { ...data, cookie, bearer: { authorization: `Bearer ${data.accessToken}` } };
}
