import type { Locator, TestInfo } from '@playwright/test';
import { signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

const unique = Date.now()
  .toString(36)
  .slice(-5)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x');

/**
 * A condominium's records of one kind in its drawer: a table on a computer, a list of cards on a
 * phone (every column in each card, the actions at hand).
 */
const records = (drawer: Locator, testInfo: TestInfo, name: string) =>
  drawer.getByRole(testInfo.project.name === 'phone' ? 'list' : 'table', { name });

test.describe('condominiums', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, '/condominiums');
    // The push banner (shown 1 s after load) can cover the page's actions: answer it first.
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
  });

  test('find a demo condominium, open its drawer and walk its tabs', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await expect(page.getByRole('heading', { level: 1, name: 'Condomini' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Condomini' });
    await expect(table).toBeVisible();
    await expect(page.getByText(/\d+ condomini/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { testInfo });
    await page.screenshot({ path: testInfo.outputPath('condominium-list.png') });

    // Search by the first three letters of the first condominium's name.
    const first = table.getByRole('button').first();
    const name = (await first.textContent()) ?? '';
    const word = name.split(' ').find((w) => w.length >= 4) ?? name;
    await page.getByRole('textbox', { name: 'Cerca' }).fill(word.slice(0, 4));
    await expect(table.getByRole('button', { name })).toBeVisible();
    await table.getByRole('button', { name }).click();

    const drawer = page.getByRole('dialog', { name: 'Condominio' });
    await expect(drawer.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(drawer.getByText('Saldo del conto pagamenti')).toBeVisible();
    await expect(drawer.getByRole('textbox', { name: 'Intestazione' })).toHaveValue(name);
    await page.screenshot({ path: testInfo.outputPath('condominium-drawer.png') });
    await expect(page).toHaveURL(/dettaglio=condominio(:|%3A)\d+/);

    await drawer.getByRole('tab', { name: 'Esercizi' }).click();
    await expect(records(drawer, testInfo, 'Esercizi')).toContainText(/Ordinario \d{4}/);
    await page.screenshot({ path: testInfo.outputPath('condominium-exercises.png') });
    await drawer.getByRole('tab', { name: 'Assicurazioni' }).click();
    await expect(records(drawer, testInfo, 'Polizze assicurative')).toContainText('€');
    await drawer.getByRole('tab', { name: 'Dati catastali' }).click();
    await expect(drawer.getByRole('heading', { name: 'Immobili accatastati' })).toBeVisible();
    // A long add button keeps its whole label on a phone (it goes under the title instead).
    const addProperty = drawer.getByRole('button', { name: 'Aggiungi immobile accatastato' });
    const label = addProperty.locator('.mantine-Button-label');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await drawer.getByRole('tab', { name: 'Registro amministratori' }).click();
    await expect(records(drawer, testInfo, 'Registro degli amministratori')).toBeVisible();
    await drawer.getByRole('tab', { name: 'Risorse e fondi' }).click();
    await expect(records(drawer, testInfo, 'Risorse')).toBeVisible();
    await drawer.getByRole('tab', { name: 'Incarichi' }).click();
    await expect(drawer.getByRole('textbox', { name: 'Persone con un incarico' })).toBeVisible();
    await drawer.getByRole('tab', { name: 'Collegamenti' }).click();
    await expectNoSeriousA11yViolations(page, { testInfo });

    // The activities of the condominium: the list opens filtered on it.
    await drawer.getByRole('link', { name: 'Attività del condominio' }).click();
    await expect(page).toHaveURL(/\/activities\?condGenID=\d+/);
    await expect(page.getByRole('combobox', { name: 'Condominio' })).toHaveValue(name, { timeout: 15_000 });
  });

  test('create a condominium, add an exercise and a building, edit the insurance, delete it', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const name = `Condominio Prova ${unique}-${testInfo.project.name}`;
    await page.getByRole('button', { name: 'Nuovo condominio' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo condominio' });
    await modal.getByRole('textbox', { name: 'Intestazione' }).fill(name);
    await modal.getByRole('textbox', { name: 'CAP' }).fill('201');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expect(modal.getByText('CAP non valido')).toBeVisible();
    await expect(modal.getByRole('textbox', { name: 'CAP' })).toBeFocused();
    await modal.getByRole('textbox', { name: 'CAP' }).fill('20121');
    await modal.getByRole('textbox', { name: 'Città' }).fill('Milano');
    await modal.getByRole('button', { name: 'Salva' }).click();

    const drawer = page.getByRole('dialog', { name: 'Condominio' });
    await expect(drawer.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(modal).toBeHidden();

    // An exercise, chosen as the current one, with a building.
    await drawer.getByRole('tab', { name: 'Esercizi' }).click();
    await expect(drawer.getByText('Nessun esercizio.')).toBeVisible();
    await drawer.getByRole('button', { name: 'Aggiungi esercizio' }).click();
    const exercise = page.getByRole('dialog', { name: 'Aggiungi esercizio' });
    await exercise.getByRole('textbox', { name: 'Descrizione' }).fill('Ordinario 2027');
    await exercise.getByRole('textbox', { name: 'Inizio' }).fill('01/01/2027');
    await exercise.getByRole('textbox', { name: 'Fine' }).fill('31/12/2026');
    await exercise.getByRole('textbox', { name: 'Descrizione' }).click();
    await exercise.getByRole('button', { name: 'Salva' }).click();
    await expect(exercise.getByText("La data di fine deve seguire quella d'inizio")).toBeVisible();
    await exercise.getByRole('textbox', { name: 'Fine' }).fill('31/12/2027');
    await exercise.getByRole('textbox', { name: 'Descrizione' }).click();
    await exercise.getByRole('button', { name: 'Salva' }).click();
    await expect(exercise).toBeHidden();
    const exercises = records(drawer, testInfo, 'Esercizi');
    await expect(exercises).toContainText('Ordinario 2027');
    await expect(exercises).toContainText('01/01/2027 – 31/12/2027');
    await exercises.getByRole('button', { name: 'Scegli' }).click();
    await expect(drawer.getByText('Esercizio in uso: Ordinario 2027')).toBeVisible();
    await drawer.getByRole('button', { name: 'Aggiungi palazzina' }).click();
    const building = page.getByRole('dialog', { name: 'Aggiungi palazzina' });
    await building.getByRole('textbox', { name: 'Descrizione' }).fill('Scala A');
    await building.getByRole('button', { name: 'Salva' }).click();
    await expect(records(drawer, testInfo, 'Palazzine di Ordinario 2027')).toContainText('Scala A');

    // Insurance: add, then edit; a discarded edit asks first.
    await drawer.getByRole('tab', { name: 'Assicurazioni' }).click();
    await drawer.getByRole('button', { name: 'Aggiungi polizza' }).click();
    const policy = page.getByRole('dialog', { name: 'Aggiungi polizza' });
    await policy.getByRole('textbox', { name: 'Compagnia' }).fill('Generali');
    await policy.getByRole('textbox', { name: 'Numero di polizza' }).fill('POL-1');
    await policy.getByRole('textbox', { name: 'Premio' }).fill('1234,5');
    await policy.getByRole('button', { name: 'Salva' }).click();
    const policies = records(drawer, testInfo, 'Polizze assicurative');
    await expect(policies).toContainText('1.234,50 €');
    // Its actions at hand, also on a phone (not beyond the edge of a table scrolled sideways).
    await expect(policies.getByRole('button', { name: 'Modifica Generali POL-1' })).toBeInViewport();
    await policies.getByRole('button', { name: 'Modifica Generali POL-1' }).click();
    const edit = page.getByRole('dialog', { name: 'Modifica Generali POL-1' });
    await edit.getByRole('textbox', { name: 'Compagnia' }).fill('Allianz');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Modifiche non salvate' });
    await discard.getByRole('button', { name: 'Continua a modificare' }).click();
    await edit.getByRole('button', { name: 'Salva' }).click();
    await expect(policies).toContainText('Allianz');
    await expect(policies).not.toContainText('Generali');

    // Nothing uses it: it can be deleted.
    await drawer.getByRole('tab', { name: 'Dati', exact: true }).click();
    await drawer.getByRole('button', { name: 'Elimina il condominio' }).click();
    await page
      .getByRole('dialog', { name: 'Conferma eliminazione' })
      .getByRole('button', { name: 'Elimina' })
      .click();
    await expect(drawer).toBeHidden();
    await page.getByRole('textbox', { name: 'Cerca' }).fill(`prova ${unique} ${testInfo.project.name}`);
    await expect(page.getByText('Nessun condominio corrisponde alla ricerca.')).toBeVisible();
  });
});
