import type { Page } from '@playwright/test';
import { openActivities } from '../support/auth.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForEmail } from '../support/outbox.ts';

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option?: string) {
  await scope.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  const choice = option
    ? listbox.getByRole('option', { name: option, exact: true })
    : listbox.getByRole('option').first();
  await expect(choice).toBeVisible();
  const text = (await choice.textContent()) ?? '';
  await choice.click();
  return text;
}

async function confirmWithOperator(page: Page, title: string | RegExp, button: string) {
  const modal = page.getByRole('dialog', { name: title });
  await expect(modal.getByRole('textbox', { name: 'Operatore' })).not.toHaveValue('');
  await modal.getByRole('button', { name: button, exact: true }).click();
  await expect(modal).toBeHidden();
}

test.describe('attività', () => {
  test('create, send to a provider who accepts and closes by email link, then suspend, resume, close, reopen', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const title = `Perdita e2e ${Date.now()}`;
    await openActivities(page);

    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività' });
    const condominium = await pick(page, create, 'Condominio');
    await create.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await create
      .getByRole('textbox', { name: 'Descrizione' })
      .fill("Acqua che scende dal soffitto dell'autorimessa");
    await pick(page, create, 'Priorità', 'Urgente');
    await create.getByRole('button', { name: 'Crea attività' }).click();
    await expect(create).toBeHidden();

    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await expect(drawer.getByText(condominium.trim(), { exact: false }).first()).toBeVisible();
    await expect(page).toHaveURL(/dettaglio=attivita%3A\d+|dettaglio=attivita:\d+/);

    // An intervention for a provider, sent right away.
    await drawer.getByRole('button', { name: 'Aggiungi intervento' }).click();
    const add = page.getByRole('dialog', { name: 'Nuovo intervento' });
    const provider = (await pick(page, add, 'Fornitore')).trim();
    await add.getByRole('textbox', { name: 'Lavoro richiesto' }).fill('Sostituire il tubo di scarico');
    await add.getByRole('button', { name: 'Conferma' }).click();
    await confirmWithOperator(page, "Confermi l'aggiunta dell'intervento?", 'Conferma');
    await expect(drawer.getByText('Richiesta inviata', { exact: true })).toBeVisible();

    // The provider opens the emailed link, accepts, then closes with success.
    const email = await waitForEmail((m) => m.text.includes(title));
    const link = email.links.find((l) => l.includes('/fornitore/'));
    expect(link, 'link to the supplier page').toBeTruthy();
    // The provider has no session and no service worker of ours: a fresh browser context.
    const supplierContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'it-IT' });
    const supplier = await supplierContext.newPage();
    await supplier.goto(new URL(link as string).pathname);
    await expect(supplier.getByRole('heading', { name: 'Richiesta di intervento' })).toBeVisible();
    await expect(supplier.getByRole('heading', { name: title })).toBeVisible();
    await supplier.getByRole('button', { name: 'Accetto' }).click();
    await expect(supplier.getByText('Risposta inviata. Grazie!')).toBeVisible();
    await expect(supplier.getByText('Accettato', { exact: true })).toBeVisible();
    await supplier.getByRole('button', { name: 'Lavoro concluso' }).click();
    await supplier.getByRole('textbox', { name: 'Motivazione (facoltativa)' }).fill('Tubo sostituito');
    await supplier.getByRole('button', { name: 'Invia' }).click();
    await expect(supplier.getByText('Concluso positivamente', { exact: true })).toBeVisible();
    await expect(supplier.getByText('Non ci sono altre azioni possibili su questa richiesta.')).toBeVisible();
    await supplierContext.close();

    // The administrator sees the answers as events and states.
    await drawer.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(drawer).toBeHidden();
    await page.locator('main').getByRole('button', { name: title }).click();
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await expect(drawer.getByText(`${provider} ha accettato l'incarico`)).toBeVisible();
    await expect(
      drawer.getByText(`${provider} ha concluso l'intervento con successo: Tubo sostituito`),
    ).toBeVisible();
    await expect(drawer.getByText('Concluso positivamente', { exact: true })).toBeVisible();
    await expect(drawer.getByText('Svolto oggi')).toBeVisible();

    // Suspend, resume, close, reopen: each asks the operator.
    for (const [action, modalTitle, state] of [
      ['Sospendi', "Sospendere l'attività?", 'Sospesa'],
      ['Riprendi', "Riprendere l'attività?", 'Aperta'],
      ['Chiudi', "Chiudere l'attività?", 'Chiusa'],
      ['Riapri', "Riaprire l'attività?", 'Aperta'],
    ] as const) {
      await drawer.getByRole('button', { name: `${action} attività`, exact: true }).click();
      await confirmWithOperator(page, modalTitle, action);
      await expect(drawer.getByText(state, { exact: true }).first()).toBeVisible();
    }
    await expect(drawer.getByText(/Attività riaperta \(da Chiusa ad Aperta\)/)).toBeVisible();
  });

  test('filter by priority and by condominium, and search by title', async ({ page }) => {
    test.setTimeout(90_000);
    const title = `Citofono e2e ${Date.now()}`;
    await openActivities(page);
    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività' });
    const condominium = (await pick(page, create, 'Condominio')).trim();
    await create.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await pick(page, create, 'Priorità', 'Bassa');
    await create.getByRole('button', { name: 'Crea attività' }).click();
    await expect(create).toBeHidden();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await drawer.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(drawer).toBeHidden();

    const list = page.locator('main');
    await list.getByRole('textbox', { name: 'Cerca' }).fill(title.slice(0, 16));
    await expect(list.getByRole('button', { name: title })).toBeVisible();
    await list.getByRole('textbox', { name: 'Cerca' }).fill('');

    await list.getByRole('button', { name: 'Filtri', exact: true }).click();
    // The date fields load with the panel's first opening.
    await expect(list.getByRole('textbox', { name: 'Aperte dal' })).toBeVisible();
    await pick(page, list, 'Priorità', 'Bassa');
    await expect(list.getByRole('button', { name: '1 filtro attivo', exact: true })).toBeVisible();
    await list.getByRole('textbox', { name: 'Cerca' }).fill(title);
    await expect(list.getByRole('button', { name: title })).toBeVisible();
    await pick(page, list, 'Priorità', 'Urgente');
    await expect(list.getByText('Nessuna attività corrisponde ai filtri o alla ricerca.')).toBeVisible();
    await pick(page, list, 'Priorità', 'Bassa');
    await pick(page, list, 'Condominio', condominium);
    await expect(list.getByRole('button', { name: title })).toBeVisible();
    for (const badge of await list.locator('tbody tr, article').all()) {
      await expect(badge).toContainText(condominium);
    }
  });

  test('an open drawer is in the URL: it survives a reload and can be linked', async ({ page }) => {
    await openActivities(page);
    await page.locator('main').locator('tbody tr, article').first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/dettaglio=attivita%3A\d+/);
    const heading = (await drawer.getByRole('heading').first().textContent()) ?? '';
    await page.reload();
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('heading').first()).toHaveText(heading);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).not.toHaveURL(/dettaglio=/);
  });
});
