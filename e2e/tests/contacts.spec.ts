import { computeCodiceFiscale } from '@stabile/contract';
import { signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const unique = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
const SURNAME = `Zucchelli${unique}`;
const CF = computeCodiceFiscale({
  nome: 'Ada',
  cognome: SURNAME,
  dataNascita: '1980-03-15',
  sesso: 'F',
  codiceComune: 'F205',
});

test.describe('contacts', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('create with a wrong fiscal code, fix it, save, find, edit and delete a contact', async ({
    page,
  }, testInfo) => {
    await page.goto('/contacts');
    // The push banner (shown 1 s after load) can cover the page's actions: answer it first.
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Contatti' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { testInfo });

    await page.getByRole('button', { name: 'Nuovo contatto' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo contatto' });
    await modal.getByRole('textbox', { name: 'Descrizione', exact: true }).fill(`${SURNAME} Ada`);
    await modal.getByLabel('Codice fiscale').fill('RSSMRA70E12F205X');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expect(modal.getByText('Codice fiscale non valido')).toBeVisible();

    await modal.getByLabel('Codice fiscale').fill(CF);
    await modal.getByLabel('CAP', { exact: true }).fill('20121');
    await expect(modal.getByLabel('Città', { exact: true })).toHaveValue('Milano');
    await expect(modal.getByLabel('Provincia', { exact: true })).toHaveValue('MI');
    await modal.getByRole('button', { name: 'Salva' }).click();

    const confirm = page.getByRole('dialog', { name: 'Creare il contatto?' });
    await confirm.getByRole('button', { name: 'Crea contatto' }).click();
    const drawer = page.getByRole('dialog', { name: 'Contatto' });
    await expect(drawer.getByRole('heading', { name: `${SURNAME} Ada` })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Nuovo contatto' })).toBeHidden();
    await drawer.getByRole('textbox', { name: 'Descrizione', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.getByLabel('Cerca').fill(SURNAME.toLowerCase());
    const row = page.getByRole('button', { name: `${SURNAME} Ada` });
    await expect(row).toBeVisible();
    await row.click();
    await expect(drawer.getByLabel('Codice fiscale')).toHaveValue(CF);
    await drawer.getByRole('textbox', { name: 'Descrizione', exact: true }).fill(`${SURNAME} Ada Maria`);
    await drawer.getByRole('button', { name: 'Salva' }).click();
    await expect(drawer.getByRole('heading', { name: `${SURNAME} Ada Maria` })).toBeVisible();

    await drawer.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog', { name: 'Eliminare?' }).getByRole('button', { name: 'Elimina' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByText('Nessun risultato')).toBeVisible();
    await expect(page.getByRole('button', { name: `${SURNAME} Ada Maria` })).toBeHidden();
  });
});
