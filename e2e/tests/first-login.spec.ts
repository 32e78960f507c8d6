import type { Page } from '@playwright/test';
import { chooseArchive, DEMO } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * The first login of a new user starts where the README sends them (`/`) or at a bookmarked address,
 * not at /login: the app must land them in the private area, at the address they asked for.
 */
/** The first visit checks for a session (a refresh attempt) before redirecting: slower than one expect. */
const FIRST_REDIRECT = { timeout: 15_000 };

async function signInOnTheLoginPage(page: Page) {
  await expect(page).toHaveURL(/\/login$/, FIRST_REDIRECT);
  await page.getByRole('textbox', { name: /email/i }).fill(DEMO.pro.username);
  await page
    .getByLabel(/password/i)
    .and(page.locator('input'))
    .fill(DEMO.pro.password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('heading', { name: 'Scegli un archivio' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('primo accesso da un indirizzo protetto', () => {
  test("dalla home: /login, poi l'archivio e la home", async ({ page }) => {
    await page.goto('/');
    await signInOnTheLoginPage(page);
    await chooseArchive(page, DEMO.archives.open);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: /Archivio: Studio Rossi/ })).toBeVisible();
    // Nothing sends the user back to the login page afterwards.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/$/);
  });

  test("da un indirizzo salvato: dopo l'accesso si torna lì", async ({ page }) => {
    await page.goto('/activities');
    await signInOnTheLoginPage(page);
    await chooseArchive(page, DEMO.archives.open);
    await expect(page).toHaveURL(/\/activities$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Attività' })).toBeVisible();
  });

  test('un secondo tentativo dopo credenziali errate entra lo stesso', async ({ page }) => {
    await page.goto('/contacts');
    await expect(page).toHaveURL(/\/login$/, FIRST_REDIRECT);
    await page.getByRole('textbox', { name: /email/i }).fill(DEMO.pro.username);
    await page
      .getByLabel(/password/i)
      .and(page.locator('input'))
      .fill('non-e-questa');
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('alert')).toContainText('Credenziali errate');
    await page
      .getByLabel(/password/i)
      .and(page.locator('input'))
      .fill(DEMO.pro.password);
    await page.getByRole('button', { name: 'Accedi' }).click();
    await expect(page.getByRole('heading', { name: 'Scegli un archivio' })).toBeVisible();
    await chooseArchive(page, DEMO.archives.open);
    await expect(page).toHaveURL(/\/contacts$/);
  });
});
