import { partitaIvaFromBody } from '@stabile/contract';
import { signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const NAME = `Termoidraulica Quaglia ${Date.now().toString(36).slice(-4)}`;

test.describe('providers', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('a wrong VAT number is refused, a right one is saved', async ({ page }, testInfo) => {
    await page.goto('/providers');
    // The push banner (shown 1 s after load) can cover the page's actions: answer it first.
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Fornitori' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { testInfo });
    await page.getByRole('button', { name: 'Nuovo fornitore' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo fornitore' });
    await modal.getByRole('textbox', { name: 'Descrizione', exact: true }).fill(NAME);
    await modal.getByLabel('Partita IVA').fill('01234567890');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expect(modal.getByText('Numero di partita iva non valido')).toBeVisible();

    await modal.getByLabel('Partita IVA').fill(partitaIvaFromBody('0765432101'));
    await modal.getByRole('button', { name: 'Salva' }).click();
    const drawer = page.getByRole('dialog', { name: 'Fornitore' });
    await expect(drawer.getByRole('heading', { name: NAME })).toBeVisible();
  });
});
