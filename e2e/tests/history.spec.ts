import { BUSINESS_TIME_ZONE } from '@stabile/contract';
import { signIn } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';

const unique = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');
const NAME = `Cronologia${unique} Elsa`;

test.describe('history of a record', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('edit a contact and see the change in its "Cronologia modifiche" tab', async ({ page }) => {
    await page.goto('/contacts');
    // The push banner (shown 1 s after load) can cover the page's actions: answer it first.
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Nuovo contatto' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo contatto' });
    await modal.getByRole('textbox', { name: 'Descrizione', exact: true }).fill(NAME);
    await modal.getByLabel('Email', { exact: true }).fill('elsa@example.it');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await page
      .getByRole('dialog', { name: 'Creare il contatto?' })
      .getByRole('button', { name: 'Crea contatto' })
      .click();

    const drawer = page.getByRole('dialog', { name: 'Contatto' });
    await expect(drawer.getByRole('heading', { name: NAME })).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Descrizione', exact: true }).fill(`${NAME} Maria`);
    await drawer.getByLabel('Email', { exact: true }).fill('');
    await drawer.getByRole('button', { name: 'Salva' }).click();
    await expect(drawer.getByRole('heading', { name: `${NAME} Maria` })).toBeVisible();

    await drawer.getByRole('tab', { name: 'Cronologia modifiche' }).click();
    const history = drawer.getByRole('list', { name: 'Cronologia modifiche' });
    const entries = history.getByRole('listitem');
    await expect(entries).toHaveCount(2, { timeout: 10_000 });
    // Newest first: the edit, by the demo user, from the web, at today's date.
    const edit = entries.first();
    await expect(edit.getByText('Modifica', { exact: true })).toBeVisible();
    await expect(edit.getByText('dal web')).toBeVisible();
    // Today in Italy, as the app shows it: after midnight there, still yesterday for UTC.
    const today = new Intl.DateTimeFormat('it-IT', {
      timeZone: BUSINESS_TIME_ZONE,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    await expect(edit.locator('time')).toContainText(today);
    const name = edit.getByRole('row').filter({ hasText: 'Descrizione' });
    await expect(name.getByRole('cell').nth(1)).toHaveText(NAME);
    await expect(name.getByRole('cell').nth(2)).toHaveText(`→ ${NAME} Maria`);
    const email = edit.getByRole('row').filter({ hasText: 'Email' });
    await expect(email.getByRole('cell').nth(1)).toHaveText('elsa@example.it');
    await expect(email.getByRole('cell').nth(2)).toHaveText('→ —');
    await expect(entries.nth(1).getByText('Creazione', { exact: true })).toBeVisible();

    // Back on the record: the form is still there, and the contact can be deleted.
    await drawer.getByRole('tab', { name: 'Scheda' }).click();
    await drawer.getByRole('button', { name: 'Elimina' }).click();
    await page.getByRole('dialog', { name: 'Eliminare?' }).getByRole('button', { name: 'Elimina' }).click();
    await expect(drawer).toBeHidden();
  });
});
