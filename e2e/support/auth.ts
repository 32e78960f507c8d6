import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

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
 * password }` for one with user management. Waits until the chooser's dialog is gone.
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
}

/**
 * Logs in as the demo administrator on the open archive and opens /activities. The push-notification
 * banner was already answered "Non ora" (cookie value 2). A full page load on a busy machine: the
 * page's code and its first list can take longer than the default wait.
 */
export async function openActivities(page: Page): Promise<void> {
  await page
    .context()
    .addCookies([{ name: 'stabile_notifiche', value: '2', url: process.env.E2E_BASE_URL as string }]);
  await login(page, DEMO.pro.username, DEMO.pro.password);
  await chooseArchive(page, DEMO.archives.open);
  await expect(page.getByRole('heading', { name: 'Scegli un archivio' })).toBeHidden();
  await page.goto('/activities');
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
