import { DEMO, signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { readOutbox } from '../support/outbox.ts';

test.describe('reports from the user menu', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, '/');
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  });

  test('a bug report with a file: checked, sent, answered with its code and emailed to support', async ({
    page,
    dataDir,
  }, testInfo) => {
    test.slow(); // two submits, an accessibility scan and the outbox
    await page.getByRole('button', { name: 'Menu utente' }).click();
    await page.getByRole('menuitem', { name: 'Segnala un problema' }).click();
    const modal = page.getByRole('dialog', { name: 'Segnala un problema' });
    await expect(modal).toBeVisible();

    const email = modal.getByRole('textbox', { name: 'La tua email' });
    await expect(email).toHaveValue(DEMO.pro.username);
    await email.fill('mario@');
    await modal.getByRole('button', { name: 'Invia' }).click();
    await expect(modal.getByText('Indirizzo email non valido')).toBeVisible();
    await expect(modal.getByText('Descrivi il problema o il suggerimento')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { testInfo });

    const text = `La stampa non parte ${Date.now()}`;
    await email.fill('mario.rossi@example.it');
    await modal.getByRole('textbox', { name: 'Descrizione del problema' }).fill(text);
    await modal.locator('input[type="file"]').setInputFiles({
      name: 'schermata.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await modal.getByRole('button', { name: 'Invia' }).click();

    const done = page.getByRole('dialog', { name: 'Segnalazione creata!' });
    await expect(done).toBeVisible();
    const code = (await done.getByTestId('report-code').textContent()) ?? '';
    expect(code).toMatch(/^SEG-\d{6}$/);
    await expect
      .poll(async () =>
        (await readOutbox(dataDir)).some((m) => m.subject.includes(code) && m.text.includes(text)),
      )
      .toBe(true);
    await done.getByRole('button', { name: 'Chiudi' }).last().click();
    await expect(done).toBeHidden();
  });

  test('a suggestion: thanks, and Escape on a written one asks before discarding it', async ({ page }) => {
    await page.getByRole('button', { name: 'Menu utente' }).click();
    await page.getByRole('menuitem', { name: 'Invia un suggerimento' }).click();
    const modal = page.getByRole('dialog', { name: 'Invia un suggerimento' });
    await modal.getByRole('textbox', { name: 'Il tuo suggerimento' }).fill('Un filtro per scala');

    page.once('dialog', (dialog) => dialog.dismiss());
    await page.keyboard.press('Escape');
    await expect(modal.getByRole('textbox', { name: 'Il tuo suggerimento' })).toHaveValue(
      'Un filtro per scala',
    );

    await modal.getByRole('button', { name: 'Invia' }).click();
    await expect(page.getByRole('dialog', { name: 'Grazie per il tuo suggerimento!' })).toBeVisible();
  });
});
