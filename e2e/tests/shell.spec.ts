import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

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
});
