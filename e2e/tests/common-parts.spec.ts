import type { Locator, Page } from '@playwright/test';
import { chooseArchive, DEMO, login, signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

/** Opens a select of `scope` and clicks an option (the first one when none is named). */
async function pick(page: Page, scope: Locator, label: string, option?: string) {
  await scope.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  const choice = option
    ? listbox.getByRole('option', { name: option, exact: true })
    : listbox.getByRole('option').first();
  await expect(choice).toBeVisible();
  const text = (await choice.textContent()) ?? '';
  await choice.click();
  return text.trim();
}

async function openCommonParts(page: Page) {
  await signIn(page, '/commonParts');
  // The push banner (shown 1 s after load) can cover the page's actions: answer it first.
  await page
    .getByRole('button', { name: 'Non ora' })
    .click({ timeout: 3000 })
    .catch(() => undefined);
  // A reload restores the session and the archive first: slow on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Parti comuni' })).toBeVisible({
    timeout: 45_000,
  });
}

test.describe('parti comuni', () => {
  // Logging in and opening the demo archive take a while on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('add a lift to a condominium, add its yearly service with a provider, edit it, delete it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    const name = `Ascensore e2e ${Date.now().toString(36)}`;
    await openCommonParts(page);
    // The demo's common parts are listed (a table on a desktop, cards on a phone).
    await expect(page.getByText(/\d+ parti comuni/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { testInfo });
    await page.screenshot({ path: testInfo.outputPath('list.png') });

    await page.getByRole('button', { name: 'Aggiungi impianto' }).first().click();
    const add = page.getByRole('dialog', { name: 'Aggiungi impianto' });
    await add.getByRole('button', { name: 'Salva' }).click();
    await expect(add.getByText('Manca un campo obbligatorio')).toBeVisible();
    const condominium = await pick(page, add, 'Condominio');
    await add.getByRole('textbox', { name: 'Denominazione' }).fill(name);
    await pick(page, add, 'Tipo', 'Ascensore');
    await add.getByRole('textbox', { name: 'Ubicazione' }).fill('Vano scala C');
    await add.getByRole('button', { name: 'Salva' }).click();
    await expect(add).toBeHidden({ timeout: 30_000 });

    const drawer = page.getByRole('dialog', { name: 'Impianto' });
    await expect(drawer.getByRole('heading', { name })).toBeVisible();
    await expect(drawer.getByText(condominium, { exact: true })).toBeVisible();
    await expect(drawer.getByText('Ascensore', { exact: true })).toBeVisible();
    // The category badge (the drawer's own title is also 'Impianto').
    await expect(drawer.getByText('Impianto', { exact: true }).last()).toBeVisible();
    await expect(page).toHaveURL(/dettaglio=impianto(%3A|:)\d+-\d+/);
    await expect(drawer.getByText('Nessun servizio per questa parte comune.')).toBeVisible();

    // Its yearly maintenance by a provider: the next date follows from the last one.
    await drawer.getByRole('button', { name: 'Aggiungi servizio' }).click();
    const service = page.getByRole('dialog', { name: 'Nuovo servizio' });
    await pick(page, service, 'Tipo di servizio', 'Manutenzione');
    await service.getByRole('textbox', { name: 'Descrizione' }).fill('Manutenzione annuale ascensore');
    await service.getByRole('combobox', { name: 'Fornitore' }).fill('ascensori');
    const providerOption = page.getByRole('listbox').getByRole('option').first();
    await expect(providerOption).toBeVisible();
    const provider = ((await providerOption.textContent()) ?? '').trim();
    await providerOption.click();
    await pick(page, service, 'Periodicità (mesi)', 'Annuale');
    await service.getByRole('textbox', { name: 'Riferimento contratto' }).fill('Contratto n. 12/2026');
    // The date typed last, then "Salva" at once: its calendar, open under the field, covered the
    // button on a phone until the date was whole.
    await service.getByRole('textbox', { name: 'Ultima esecuzione' }).fill('31/03/2026');
    await service.getByRole('button', { name: 'Salva' }).click();
    await expect(service).toBeHidden({ timeout: 30_000 });
    const card = drawer.getByRole('article', { name: 'Manutenzione annuale ascensore' });
    await expect(card).toContainText(provider);
    await expect(card).toContainText('ogni 12 mesi');
    await expect(card).toContainText('Ultima: 31/03/2026');
    await expect(card).toContainText('Prossima: 31/03/2027');
    await expect(card).toContainText('Contratto: Contratto n. 12/2026');
    await page.screenshot({ path: testInfo.outputPath('drawer.png') });

    // Edit it; Escape with unsaved changes asks before discarding.
    await drawer.getByRole('button', { name: 'Modifica il servizio Manutenzione annuale ascensore' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica servizio' });
    await edit.getByRole('textbox', { name: 'Descrizione' }).fill('Manutenzione e verifica ascensore');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Annullare le modifiche?' });
    await discard.getByRole('button', { name: 'Continua a modificare' }).click();
    await expect(edit.getByRole('textbox', { name: 'Descrizione' })).toHaveValue(
      'Manutenzione e verifica ascensore',
    );
    await edit.getByRole('button', { name: 'Salva' }).click();
    await expect(edit).toBeHidden({ timeout: 30_000 });
    const edited = drawer.getByRole('article', { name: 'Manutenzione e verifica ascensore' });
    await expect(edited).toContainText('Prossima: 31/03/2027');

    // Delete it, then the lift.
    await drawer
      .getByRole('button', { name: 'Elimina il servizio Manutenzione e verifica ascensore' })
      .click();
    await page
      .getByRole('dialog', { name: 'Eliminare il servizio?' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect(drawer.getByText('Nessun servizio per questa parte comune.')).toBeVisible();
    await expect(edited).toBeHidden({ timeout: 30_000 });

    await drawer.getByRole('button', { name: 'Elimina', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Eliminare la parte comune?' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect(drawer).toBeHidden({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Cerca' }).fill(name.toLowerCase());
    await expect(page.getByText('Nessun risultato')).toBeVisible();
  });

  test('search and filters find a plant of the demo, whose drawer opens from the list', async ({ page }) => {
    await openCommonParts(page);
    await pick(page, page.locator('main'), 'Categoria', 'Impianto');
    await pick(page, page.locator('main'), 'Tipo', 'Ascensore');
    await page.getByRole('textbox', { name: 'Cerca' }).fill('asc');
    const first = page
      .getByRole('main')
      .getByRole('button', { name: /Ascensore|Montacarichi/ })
      .first();
    await expect(first).toBeVisible();
    await first.click();
    const drawer = page.getByRole('dialog', { name: 'Impianto' });
    await expect(drawer.getByText('Ascensore', { exact: true })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Servizi' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden({ timeout: 30_000 });
  });

  test('a user without the plants area sees neither the entry nor the page', async ({ page }) => {
    const { users } = DEMO.archives;
    await login(page, DEMO.pro.username, DEMO.pro.password);
    await chooseArchive(page, users.name, users.giulia);
    await expect(page.getByRole('heading', { name: 'Scegli un archivio' })).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Contatti' }).first()).toBeAttached();
    await expect(page.getByRole('link', { name: 'Parti comuni' })).toHaveCount(0);
    await page.goto('/commonParts');
    await expect(page.getByRole('heading', { name: 'Accesso non consentito' })).toBeVisible({
      timeout: 45_000,
    });
  });
});
