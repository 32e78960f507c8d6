import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ArchiveApi, AuthPath } from '@stabile/contract';

/** Demo accounts created by the seed on first start (see the README). */
export const DEMO = {
  pro: { username: 'demo@stabile.it', password: 'demo-stabile' },
  one: { username: 'one@stabile.it', password: 'demo-stabile' },
  archives: {
    open: 'Studio Rossi',
    protected: { name: 'Archivio protetto', password: 'archivio-2026' },
    users: {
      name: 'Archivio utenti',
      mario: { user: 'mario.rossi', password: 'mario-2026' },
      giulia: { user: 'giulia.bianchi', password: 'giulia-2026' },
      luca: { user: 'luca.verdi' },
    },
    outdated: 'Archivio da aggiornare',
  },
} as const;

/**
 * Logs in through the /login page and waits until the app has left it. The locators follow the Italian
 * labels of the login form; the auth area owns that form and keeps these in step with it.
 */
export async function login(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /e-?mail|utente|username/i }).fill(username);
  await page
    .getByLabel(/password/i)
    .and(page.locator('input'))
    .fill(password);
  await page.getByRole('button', { name: /^accedi$/i }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

export type ArchiveCredentials = string | { user: string; password: string };

/**
 * Picks an archive in the chooser shown after login: `password` for a protected archive, `{ user,
 * password }` for one with user management. Returns once the archive is open (its name in the top
 * bar) or a dialog asks something (an archive to update): a page loaded before that interrupted the
 * opening and found no archive in use.
 */
export async function chooseArchive(
  page: Page,
  name: string,
  credentials?: ArchiveCredentials,
): Promise<void> {
  await page.getByText(name, { exact: true }).click();
  if (credentials !== undefined) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const password = typeof credentials === 'string' ? credentials : credentials.password;
    if (typeof credentials !== 'string') {
      const userField = dialog.getByRole('combobox', { name: /utente/i });
      await userField.click();
      await page.getByRole('option', { name: credentials.user }).click();
    }
    await dialog
      .getByLabel(/password/i)
      .and(dialog.locator('input'))
      .fill(password);
    await dialog.getByRole('button', { name: /^(accedi|conferma|apri|sblocca)$/i }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(
    page
      .getByRole('button', { name: `Archivio: ${name}. Cambia archivio` })
      .or(page.getByRole('dialog'))
      .first(),
  ).toBeVisible();
}

/**
 * Starts a journey that is not about logging in: the demo administrator is logged in with the open
 * archive in use, and `path` is loaded. The login page and the archive chooser have journeys of their
 * own (auth, first-login); here the page makes the calls they make (POST /user/login, POST
 * /api/db/login) itself, so the browser holds the refresh cookie as after a real login, and keeps the
 * session where the app keeps it (decision 0002). The app's first load (of `path`, else the caller's
 * next `page.goto`) then restores it and reopens the archive, as a reload does. This saves each
 * journey the login page's load, the chooser's round trips and the home page's load.
 */
export async function signIn(page: Page, path?: string): Promise<void> {
  // A same-origin page that is not the app: the storage is written before the app first reads it.
  await page.goto('/health');
  const problem = await page.evaluate(
    async ({ credentials, archiveName, paths }) => {
      const call = async (url: string, init: RequestInit, token?: string) => {
        const headers = new Headers(init.headers);
        headers.set('Content-Type', 'application/json');
        if (token) headers.set('Authorization', `Bearer ${token}`);
        const response = await fetch(url, { ...init, headers, credentials: 'include' });
        const body = (await response.json()) as { data: unknown; error: unknown };
        if (!response.ok || body.error)
          throw new Error(`${url}: ${response.status} ${JSON.stringify(body.error)}`);
        return body.data;
      };
      try {
        const session = (await call(paths.login, {
          method: 'POST',
          body: JSON.stringify({ ...credentials, keepLogin: false }),
        })) as { accessToken: string; username: string; account: unknown };
        const archives = (await call(paths.archives, { method: 'GET' }, session.accessToken)) as {
          id: number;
          nome: string;
        }[];
        const archive = archives.find((item) => item.nome === archiveName);
        if (!archive) return `no archive named ${archiveName}`;
        await call(
          paths.unlock,
          { method: 'POST', body: '{}', headers: { 'X-Archive-Id': String(archive.id) } },
          session.accessToken,
        );
        // The page's storages (named through globalThis: the bench, which imports this file, has no DOM types).
        type Storages = Record<
          'sessionStorage' | 'localStorage',
          { setItem(key: string, value: string): void }
        >;
        const { sessionStorage, localStorage } = globalThis as unknown as Storages;
        sessionStorage.setItem('stabile.accessToken', session.accessToken);
        localStorage.setItem(
          'stabile.session',
          JSON.stringify({ username: session.username, keepLogin: false, account: session.account }),
        );
        localStorage.setItem('stabile.archive', JSON.stringify({ id: archive.id, nome: archive.nome }));
        return null;
      } catch (error) {
        return String(error);
      }
    },
    {
      credentials: { username: DEMO.pro.username, password: DEMO.pro.password },
      archiveName: DEMO.archives.open,
      paths: { login: AuthPath.login, archives: ArchiveApi.list.path, unlock: ArchiveApi.login.path },
    },
  );
  expect(problem, 'signing in through the API').toBeNull();
  if (path) await page.goto(path);
}

/**
 * Signs in as the demo administrator on the open archive (signIn) and opens /activities. The push-notification
 * banner was already answered "Non ora" (cookie value 2). A full page load on a busy machine: the
 * page's code and its first list can take longer than the default wait.
 */
export async function openActivities(page: Page): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'stabile_notifiche', value: '2', url: process.env.E2E_BASE_URL as string }]);
  await signIn(page, '/activities');
  await expect(page.getByRole('heading', { level: 1, name: 'Attività' })).toBeVisible({ timeout: 60_000 });
}

export interface ApiSession {
  accessToken: string;
  refreshToken?: string;
}

/** Logs in through the API (POST /user/login) for tests that prepare data without the UI. */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<ApiSession> {
  const response = await request.post('/user/login', { data: { username, password, keepLogin: false } });
  const body = (await response.json()) as { data: ApiSession | null; error: unknown };
  expect(response.ok(), `POST /user/login failed: ${JSON.stringify(body.error)}`).toBe(true);
  return body.data!;
}
