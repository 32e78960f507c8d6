import type { Locator, Page } from '@playwright/test';
import { chooseArchive, DEMO, login, openActivities } from '../support/auth.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';

// The shared machine is often loaded: waits are generous, the journey itself is unchanged.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 480_000 });

async function pick(page: Page, scope: Locator, label: string, option?: string): Promise<string> {
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

test.describe('modifica di un’attività', () => {
  test('create a hidden activity, open it from the list, edit title and priority, see the list updated', async ({
    page,
  }) => {
    const stamp = Date.now();
    const title = `Nascosta e2e ${stamp}`;
    const edited = `Infiltrazione e2e ${stamp}`;
    await openActivities(page);

    // The "new hidden activity" modal: the flag is on from the start.
    await page.getByRole('button', { name: 'Nuova attività nascosta' }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività nascosta' });
    await expect(create.getByText("L'attività non sarà visibile ai condomini sul portale.")).toBeVisible();
    await expect(create.getByRole('checkbox', { name: /Nascosta ai condomini/ })).toBeChecked();
    const condominium = await pick(page, create, 'Condominio');
    await create.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await create.getByRole('button', { name: 'Crea attività' }).click();
    await expect(create).toBeHidden();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await expect(drawer.getByText(/· Nascosta$/)).toBeVisible();
    await drawer.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(drawer).toBeHidden();

    // Open it from the list (newest first), then edit.
    const list = page.locator('main');
    await list.getByRole('button', { name: title }).click();
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await drawer.getByRole('button', { name: 'Modifica attività' }).click();
    const form = drawer.getByRole('form', { name: 'Modifica attività' });
    await expect(form.getByRole('combobox', { name: 'Condominio' })).toHaveValue(condominium);
    const titleBox = form.getByRole('textbox', { name: 'Titolo' });
    await expect(titleBox).toHaveValue(title);
    await page.screenshot({ path: test.info().outputPath('edit-form.png') });

    // Same rule and message as creation.
    await titleBox.fill('');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(form.getByText('Manca un campo obbligatorio')).toBeVisible();

    await titleBox.fill(edited);
    await pick(page, form, 'Priorità', 'Urgente');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Attività aggiornata')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(drawer.getByRole('heading', { name: edited })).toBeVisible();
    await expect(drawer.getByText('Urgente', { exact: true }).first()).toBeVisible();
    // The hidden flag was kept.
    await expect(drawer.getByText(/· Nascosta$/)).toBeVisible();

    await drawer.getByRole('button', { name: 'Chiudi', exact: true }).click();
    await expect(drawer).toBeHidden();
    await expect(list.getByRole('button', { name: edited })).toBeVisible();
    await expect(list.getByRole('button', { name: title, exact: true })).toHaveCount(0);

    // After a reload the server has the change.
    await page.reload();
    await expect(list.getByRole('button', { name: edited })).toBeVisible({ timeout: 90_000 });
  });

  test('someone else saves meanwhile: the conflict says so, and a reload keeps what was typed', async ({
    page,
  }) => {
    const stamp = Date.now();
    const title = `Conflitto e2e ${stamp}`;
    await openActivities(page);
    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività' });
    await pick(page, create, 'Condominio');
    await create.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await create.getByRole('button', { name: 'Crea attività' }).click();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
    await drawer.getByRole('button', { name: 'Modifica attività' }).click();
    const form = drawer.getByRole('form', { name: 'Modifica attività' });
    await form.getByRole('textbox', { name: 'Titolo' }).fill(`${title} (mio)`);

    // A colleague (another tab of the same studio) raises the priority meanwhile.
    const colleague = await page.context().newPage();
    await colleague.goto(page.url());
    await expect(colleague.getByRole('dialog', { name: 'Attività' })).toBeVisible({ timeout: 90_000 });
    const theirDrawer = colleague.getByRole('dialog', { name: 'Attività' });
    await theirDrawer.getByRole('button', { name: 'Modifica attività' }).click();
    const theirForm = theirDrawer.getByRole('form', { name: 'Modifica attività' });
    await pick(colleague, theirForm, 'Priorità', 'Alta');
    await theirForm.getByRole('button', { name: 'Salva' }).click();
    await expect(theirForm).toBeHidden();
    await colleague.close();

    await form.getByRole('button', { name: 'Salva' }).click();
    const conflict = form.getByRole('alert');
    await expect(conflict).toContainText('Modificata da un altro utente');
    await expect(form.getByRole('textbox', { name: 'Titolo' })).toHaveValue(`${title} (mio)`);
    await conflict.getByRole('button', { name: 'Ricarica' }).click();
    await expect(form.getByRole('status')).toContainText('Versione aggiornata caricata');
    await expect(form.getByRole('textbox', { name: 'Titolo' })).toHaveValue(`${title} (mio)`);
    await expect(form.getByRole('combobox', { name: 'Priorità' })).toHaveValue('Alta');
    await form.getByRole('button', { name: 'Salva' }).click();
    await expect(form).toBeHidden();
    await expect(drawer.getByRole('heading', { name: `${title} (mio)` })).toBeVisible();
    await expect(drawer.getByText('Alta', { exact: true }).first()).toBeVisible();
  });

  test('an archive without the resident portal explains it instead of creating a hidden activity', async ({
    page,
  }) => {
    await page
      .context()
      .addCookies([{ name: 'stabile_notifiche', value: '2', url: process.env.E2E_BASE_URL as string }]);
    await login(page, DEMO.pro.username, DEMO.pro.password);
    await chooseArchive(page, DEMO.archives.protected.name, DEMO.archives.protected.password);
    // The archive is open (and kept for the reload) once the chooser is gone, not when its dialog closes.
    await expect(page.getByRole('heading', { name: 'Scegli un archivio' })).toBeHidden();
    await page.goto('/activities');
    await expect(page.getByRole('heading', { level: 1, name: 'Attività' })).toBeVisible({ timeout: 90_000 });
    await page.getByRole('button', { name: 'Nuova attività nascosta' }).click();
    const pid = page.getByRole('dialog', { name: 'Servizio non attivo' });
    await expect(pid).toContainText('Il servizio MioCondominio non è attivo per questo archivio.');
    await expect(page.getByRole('dialog', { name: 'Nuova attività nascosta' })).toHaveCount(0);
    await pid.getByRole('button', { name: 'Chiudi' }).last().click();
    await expect(pid).toBeHidden();
  });
});
