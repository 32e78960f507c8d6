import type { Page } from '@playwright/test';
import { partitaIvaFromBody } from '@stabile/contract';
import { signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/** Calls the API from the page with its session (bearer and archive as the web app sends them). */
async function apiFromPage(page: Page, method: string, url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const archive = JSON.parse(localStorage.getItem('stabile.archive') ?? 'null') as { id: number } | null;
      const response = await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${sessionStorage.getItem('stabile.accessToken')}`,
          'X-Archive-Id': String(archive?.id ?? ''),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as { data: unknown; error: unknown } };
    },
    { method, url, body },
  );
}

async function enterArchive(page: Page) {
  await signIn(page, '/');
  // The push banner (shown 1 s after load) can cover the page: answer it first.
  await page
    .getByRole('button', { name: 'Non ora' })
    .click({ timeout: 3000 })
    .catch(() => undefined);
}

test.describe('shell', () => {
  test('the login page renders in Italian with no serious accessibility violation', async ({
    page,
  }, testInfo) => {
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.locator('body')).not.toBeEmpty();
    await expect(page).toHaveTitle(/\S/);
    await expectNoSeriousA11yViolations(page, { testInfo });
  });

  test('a client-side route is served by the SPA fallback', async ({ request }) => {
    const response = await request.get('/activities');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
  });

  test('scripts are sent compressed (brotli, else gzip) and cached for good', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    const script = html.match(/<script[^>]+src="([^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const brotli = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
    expect(brotli.status()).toBe(200);
    expect(brotli.headers()['content-encoding']).toBe('br');
    expect(brotli.headers()['cache-control']).toContain('immutable');
    const gzip = await request.get(script!, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    expect((await gzip.body()).length).toBe((await brotli.body()).length);
  });

  test('GET /health reports the server and the database ok', async ({ request }) => {
    const response = await request.get('/health');
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ data: { status: 'ok', database: 'ok' }, error: null });
  });

  test('an unknown API route answers a 404 envelope', async ({ request }) => {
    const response = await request.get('/api/percorso-inesistente');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ data: null, error: { status: 404, code: expect.any(Number) } });
    expect(body.error.message).toEqual(expect.any(String));
    expect(JSON.stringify(body)).not.toMatch(/\bat .+:\d+:\d+/); // no stack trace
  });

  test("the expanded sidebar is the spec's 150 px with every label on one line; a phone has the bottom bar", async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await enterArchive(page);
    const navbar = page.locator('.mantine-AppShell-navbar');
    if (testInfo.project.name === 'phone') {
      await expect(navbar).toHaveCount(0);
      await expect(page.locator('.mantine-AppShell-footer')).toBeVisible();
      return;
    }
    const nav = navbar.getByRole('navigation', { name: 'Navigazione principale' });
    const expand = page.getByRole('button', { name: 'Espandi il menu' });
    if (await expand.isVisible()) await expand.click();
    await expect(page.getByRole('button', { name: 'Riduci il menu' })).toBeVisible();
    await expect.poll(async () => (await navbar.boundingBox())?.width).toBe(150);
    for (const name of ['Condomini', 'Rate', 'Attività', 'Parti comuni', 'Contatti', 'Fornitori']) {
      const label = nav.getByRole('link', { name }).locator('.mantine-NavLink-label');
      await expect(label).toHaveText(name);
      // Not cut and not wrapped: the text fits its box on one line.
      const fits = await label.evaluate(
        (el) => el.scrollWidth <= el.clientWidth && el.getClientRects().length === 1 && el.clientHeight < 30,
      );
      expect(fits, `'${name}' fits the 150 px sidebar`).toBe(true);
    }
    await page.screenshot({ path: testInfo.outputPath('sidebar-150.png') });
    await page.getByRole('button', { name: 'Riduci il menu' }).click();
    await expect.poll(async () => (await navbar.boundingBox())?.width).toBe(70);
  });

  test('the first letters typed in a list search move neither the field nor the list', async ({ page }) => {
    test.setTimeout(120_000);
    await enterArchive(page);
    for (const path of [
      '/activities',
      '/contacts',
      '/providers',
      '/condominiums',
      '/commonParts',
      '/instalments',
    ]) {
      await page.goto(path);
      const field = page.getByRole('textbox', { name: 'Cerca', exact: true });
      await expect(field).toBeVisible();
      const before = await field.boundingBox();
      await field.fill('ro');
      await expect(page.getByRole('status').filter({ hasText: 'Almeno 3 caratteri' })).toBeVisible();
      expect(await field.boundingBox(), `${path}: the field stays where it was`).toEqual(before);
      await field.fill('');
      await expect(page.getByRole('status').filter({ hasText: 'Almeno 3 caratteri' })).toHaveCount(0);
    }
  });

  test('the provider list filters by activity type and by DURC state', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await enterArchive(page);
    const types = (await apiFromPage(page, 'GET', '/api/fornitore/tipoAttivita')).body.data as Array<{
      id: number;
      testo: string;
    }>;
    expect(types.length).toBeGreaterThanOrEqual(2);
    const [first, second] = types as [(typeof types)[0], (typeof types)[0]];
    const tag = `Filtro${Date.now().toString(36).slice(-5)}${testInfo.project.name}`;
    const make = async (descr: string, tipoAttivitaID: number, durc: string, vatBody: string) => {
      const created = await apiFromPage(page, 'POST', '/api/fornitore', {
        descr,
        ragioneSociale: descr,
        partitaIva: partitaIvaFromBody(vatBody),
        tipoAttivitaID,
        durc,
      });
      expect(created.status, JSON.stringify(created.body.error)).toBe(200);
    };
    const digits = String(Date.now()).slice(-9);
    await make(`${tag} Alfa`, first.id, '2|2099-01-01|', `1${digits}`);
    await make(`${tag} Beta`, second.id, '3||2024-01-01', `2${digits}`);

    // Through the app's own navigation (no reload: a loaded machine takes long to start the app again).
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Altro' }).click();
      await page.getByRole('menuitem', { name: 'Fornitori' }).click();
    } else {
      await page
        .getByRole('navigation', { name: 'Navigazione principale' })
        .getByRole('link', { name: 'Fornitori' })
        .click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Fornitori' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Cerca' }).fill(tag);
    const list = page.getByRole('table', { name: 'Fornitori' });
    await expect(list.getByText(`${tag} Alfa`)).toBeVisible();
    await expect(list.getByText(`${tag} Beta`)).toBeVisible();

    await page.getByRole('combobox', { name: 'Tipo di attività' }).click();
    await page.getByRole('option', { name: first.testo, exact: true }).click();
    await expect(list.getByText(`${tag} Beta`)).toBeHidden();
    await expect(list.getByText(`${tag} Alfa`)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('providers-filtered.png') });

    await page.getByRole('button', { name: 'Togli il filtro Tipo di attività' }).click();
    await page.getByRole('combobox', { name: 'DURC' }).click();
    await page.getByRole('option', { name: 'Scaduto', exact: true }).click();
    await expect(list.getByText(`${tag} Alfa`)).toBeHidden();
    await expect(list.getByText(`${tag} Beta`)).toBeVisible();

    // Both filters together, matching nobody: "no results", not "no provider yet".
    await page.getByRole('combobox', { name: 'Tipo di attività' }).click();
    await page.getByRole('option', { name: first.testo, exact: true }).click();
    await expect(page.getByText('Nessun risultato')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { testInfo });
  });
});
