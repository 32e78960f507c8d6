import type { Locator, Page } from '@playwright/test';
import { AttachmentOrigin, AttachmentReferenceType } from '@stabile/contract';
import { signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';

// A long journey on a shared, busy machine: more time for each step than the suite's default.
const expect = baseExpect.configure({ timeout: 15_000 });

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The demo seed gives the archive's first activity every kind of file and a dossier. */
const ACTIVITY_ID = 1;

/** Creates dossiers through the API with the page's own session (test data, not the journey). */
async function createDossiers(page: Page, count: number): Promise<void> {
  const headers = await page.evaluate(() => ({
    authorization: `Bearer ${sessionStorage.getItem('stabile.accessToken')?.replace(/^"|"$/g, '') ?? ''}`,
    'x-archive-id': String(JSON.parse(localStorage.getItem('stabile.archive') ?? '{}').id),
  }));
  for (let i = 0; i < count; i++) {
    const res = await page.request.post('/api/allegati/fascicoli', {
      headers,
      data: {
        riferimento: { id: ACTIVITY_ID, tipo: AttachmentReferenceType.Activity },
        tipoOrigine: AttachmentOrigin.Activities,
      },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

/** Opens the seeded activity's drawer and waits for its attachments. */
async function openActivityAttachments(page: Page) {
  await page.goto(`/activities?dettaglio=attivita:${ACTIVITY_ID}`);
  await page
    .getByRole('button', { name: 'Non ora' })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  const drawer = page.getByRole('dialog', { name: 'Attività' });
  const list = drawer.getByRole('list', { name: 'Elenco degli allegati' });
  // The drawer's sections load after the activity: on a busy machine (CI on two cores) the list came
  // about 15 s after the page, while every route's code was still being fetched.
  await expect(list.getByText('preventivo-intervento.pdf')).toBeVisible({ timeout: 30_000 });
  return { drawer, list };
}

/** Drops a PDF on the drawer's upload area without a connection; its line says it waits for one. */
async function dropWaitingPdf(drawer: Locator, name: string): Promise<Locator> {
  await drawer
    .locator('input[type="file"]')
    .first()
    .setInputFiles([{ name, mimeType: 'application/pdf', buffer: PDF }]);
  const file = drawer
    .getByRole('list', { name: 'File da caricare' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(file.getByText('In attesa della connessione')).toBeVisible();
  return file;
}

test.describe('attachments', () => {
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('drop two files on an activity, retry the failed one, preview the PDF, page the dossiers, delete a file', async ({
    page,
  }, testInfo) => {
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const pdfName = `verbale-${tag}.pdf`;
    const pngName = `foto-${tag}.png`;
    const { drawer, list } = await openActivityAttachments(page);
    await expect(list.getByText('foto-guasto.png')).toBeVisible();

    // The first attempt of the photo meets a broken network; the retry goes through.
    let failedOnce = false;
    await page.route('**/api/allegati', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (!failedOnce && body.includes(pngName)) {
        failedOnce = true;
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    // The file field is named in Italian for a screen reader (react-dropzone's own name is English).
    await expect(drawer.locator('input[type="file"]').first()).toHaveAccessibleName(
      'Trascina qui i file o fai clic per sceglierli',
    );
    await drawer
      .locator('input[type="file"]')
      .first()
      .setInputFiles([
        { name: pdfName, mimeType: 'application/pdf', buffer: PDF },
        { name: pngName, mimeType: 'image/png', buffer: PNG },
      ]);
    const uploads = drawer.getByRole('list', { name: 'File da caricare' });
    await expect(
      uploads.getByRole('listitem').filter({ hasText: pdfName }).getByText('Caricato'),
    ).toBeVisible();
    await expect(
      uploads.getByRole('listitem').filter({ hasText: pngName }).getByText('Non caricato'),
    ).toBeVisible();
    await expect(drawer.getByText('Alcuni file non sono stati caricati')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`upload-${testInfo.project.name}.png`) });
    await drawer.getByRole('button', { name: 'Riprova i file non caricati' }).click();
    await expect(
      uploads.getByRole('listitem').filter({ hasText: pngName }).getByText('Caricato'),
    ).toBeVisible();
    await expect(drawer.getByText('Tutti i file sono stati caricati')).toBeVisible();
    await expect(list.getByText(pdfName)).toBeVisible();
    await expect(list.getByText(pngName)).toBeVisible();
    // This journey checks the drawer and its layers; the list page behind it has its own check.
    await expectNoSeriousA11yViolations(page, { testInfo, exclude: ['.mantine-AppShell-main'] });

    // Preview of the PDF: a frame of the signed link, served by the server without the bearer token.
    const served = page.waitForResponse((r) => r.url().includes('/api/allegati/download?'));
    await list.getByRole('button', { name: `Anteprima di ${pdfName}` }).click();
    const preview = page.getByRole('dialog', { name: 'Anteprima' });
    await expect(preview.locator('iframe')).toHaveAttribute('src', /^\/api\/allegati\/download\?/);
    const file = await served;
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    await page.screenshot({ path: testInfo.outputPath(`preview-${testInfo.project.name}.png`) });
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();
    await expect(drawer).toBeVisible();

    // Dossiers: origins first, then the activity's dossiers 10 per page.
    await createDossiers(page, 11);
    await drawer.getByRole('button', { name: 'Fascicoli' }).click();
    const dossiers = page.getByRole('dialog', { name: 'Fascicoli' });
    await dossiers.getByRole('listitem').filter({ hasText: 'Attività' }).click();
    const pageOfDossiers = dossiers.getByRole('list', { name: 'Fascicoli di Attività' });
    await expect(pageOfDossiers.getByRole('listitem')).toHaveCount(10);
    await expect(pageOfDossiers.getByText(/^Fascicolo nr\. \d+$/).first()).toBeVisible();
    await expect(dossiers.getByText(/^Pagina 1 di [2-9]$/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`dossiers-${testInfo.project.name}.png`) });
    await dossiers.getByRole('button', { name: 'Successiva' }).click();
    await expect(dossiers.getByText(/^Pagina 2 di [2-9]$/)).toBeVisible();
    await expect(dossiers.getByRole('button', { name: 'Precedente' })).toBeEnabled();
    await dossiers.getByRole('button', { name: 'Torna alle origini' }).first().click();
    await expect(dossiers.getByRole('list', { name: 'Origini degli allegati' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dossiers).toBeHidden();
    await expect(drawer).toBeVisible();

    // Delete with confirmation.
    await list.getByRole('button', { name: `Elimina ${pngName}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Elimina allegato' });
    await expect(confirm.getByText(`Vuoi eliminare «${pngName}»?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Elimina', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(list.getByText(pngName)).toBeHidden();
    await expect(list.getByText(pdfName)).toBeVisible();
  });

  test('a file dropped without a connection waits for it and goes by itself when it returns', async ({
    page,
    context,
  }, testInfo) => {
    const name = `offline-${testInfo.project.name}-${Date.now().toString(36)}.pdf`;
    const { drawer, list } = await openActivityAttachments(page);

    // Offline, the app's pieces not loaded yet come from the service worker (the toast that says the
    // connection is gone is one): it must be active before the network goes, as on a device that has
    // opened Stabile before.
    await expect
      .poll(
        () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)),
        { timeout: 60_000, message: 'the service worker never became active' },
      )
      .toBe(true);
    await context.setOffline(true);
    const file = await dropWaitingPdf(drawer, name);
    await expect(drawer.getByTestId('upload-overall')).toHaveText('In attesa della connessione');
    await page.screenshot({ path: testInfo.outputPath(`upload-offline-${testInfo.project.name}.png`) });

    await context.setOffline(false);
    await expect(file.getByText('Caricato')).toBeVisible();
    await expect(drawer.getByText('Tutti i file sono stati caricati')).toBeVisible();
    await expect(list.getByText(name)).toBeVisible();
  });

  test.describe('on a first visit, before a service worker serves the app', () => {
    test.use({ serviceWorkers: 'block' });

    test('offline, the app stays on screen: the toast and the files wait for the connection', async ({
      page,
      context,
    }, testInfo) => {
      const name = `first-visit-${testInfo.project.name}-${Date.now().toString(36)}.pdf`;
      const { drawer, list } = await openActivityAttachments(page);
      // The toasts' piece is not loaded yet: the first toast is the one saying the connection is gone.
      await context.setOffline(true);
      const file = await dropWaitingPdf(drawer, name);
      // Still the app (a reload would have shown the browser's offline page).
      await expect(list.getByText('preventivo-intervento.pdf')).toBeVisible();

      await context.setOffline(false);
      await expect(file.getByText('Caricato')).toBeVisible();
      await expect(list.getByText(name)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe('/activities');
    });
  });

  test('a common part takes files; closing its drawer or going back while a file uploads asks first and stops it', async ({
    page,
  }, testInfo) => {
    const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
    await page.goto('/commonParts');
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page.getByRole('textbox', { name: 'Cerca' }).fill('asc');
    await page
      .getByRole('main')
      .getByRole('button', { name: /Ascensore|Montacarichi/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Impianto' });
    await expect(drawer.getByRole('heading', { name: 'Servizi' })).toBeVisible();

    // A file goes through and is listed with the common part.
    const done = `libretto-${tag}.pdf`;
    await drawer
      .locator('input[type="file"]')
      .first()
      .setInputFiles([{ name: done, mimeType: 'application/pdf', buffer: PDF }]);
    const list = drawer.getByRole('list', { name: 'Elenco degli allegati' });
    await expect(list.getByText(done)).toBeVisible();

    // The next one is held by the network: closing the drawer asks; staying keeps the drawer.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/allegati', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    const slow = `verbale-${tag}.pdf`;
    await drawer
      .locator('input[type="file"]')
      .first()
      .setInputFiles([{ name: slow, mimeType: 'application/pdf', buffer: PDF }]);
    const uploads = drawer.getByRole('list', { name: 'File da caricare' });
    await expect(uploads.getByRole('listitem').filter({ hasText: slow })).toBeVisible();
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Caricamento in corso' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Resta qui' }).click();
    await expect(ask).toBeHidden();
    await expect(drawer).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`upload-exit-${testInfo.project.name}.png`) });
    // The browser's back asks the same; staying keeps the drawer and the address.
    const address = page.url();

    await page.evaluate(() => window.history.back());
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Resta qui' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(address);
    await expect(drawer).toBeVisible();
    await expect(uploads.getByRole('listitem').filter({ hasText: slow })).toBeVisible();
    // Leaving stops the upload: the drawer closes and the file never reaches the server.
    await page.keyboard.press('Escape');
    await ask.getByRole('button', { name: 'Interrompi ed esci' }).click();
    await expect(drawer).toBeHidden();
    release();
    await page.unroute('**/api/allegati');
    await page
      .getByRole('main')
      .getByRole('button', { name: /Ascensore|Montacarichi/ })
      .first()
      .click();
    await expect(drawer.getByRole('list', { name: 'Elenco degli allegati' }).getByText(done)).toBeVisible();
    await expect(drawer.getByText(slow)).toHaveCount(0);
  });

  test('the public preview page shows the spec message for a link that is not ours or has expired', async ({
    page,
  }) => {
    await page.goto('/attachmentPreview?link=https%3A%2F%2Fesempio.it%2Fx.pdf');
    await expect(
      page.getByText("Ooops!... qualcosa è andato storto nel recupero dell'allegato"),
    ).toBeVisible();
    await page.goto(
      `/attachmentPreview?link=${encodeURIComponent('/api/allegati/download?token=scaduto.abc')}`,
    );
    await expect(
      page.getByText("Ooops!... qualcosa è andato storto nel recupero dell'allegato"),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: "Chiudi l'anteprima" })).toBeVisible();
  });
});
