import type { Locator, Page, TestInfo } from '@playwright/test';
import { chooseArchive, DEMO, login, signIn } from '../support/auth.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';

// Pages load slowly on a machine shared by many runs: these journeys wait up to 15 s for what they see.
const expect = baseExpect.configure({ timeout: 15_000 });

/*
 * What a new administrator trips over on the first day (issue 21): every form's empty submit in
 * Italian words for people, Escape closing the innermost layer, unsaved changes confirmed, errors
 * where the eye is, actions offered only when they can be completed, honest numbers.
 */

/** English from the validator, a field or type name, a raw comparison: what a person must never read. */
const TECHNICAL =
  /\b(too small|too big|expected|invalid input|required|must be|string|number|undefined|null|NaN|token)\b|\b[a-z]+[A-Z][A-Za-z]*\b|\([A-Za-z.]+\)|>=|<=|[<>]\d/;

/** The texts of the errors and alerts shown in `scope`, and of every toast on the page. */
async function shownErrors(page: Page, scope: Locator): Promise<string[]> {
  const fieldErrors = await scope
    .locator('.mantine-InputWrapper-error')
    .locator('visible=true')
    .allInnerTexts();
  const alerts = await scope.getByRole('alert').locator('visible=true').allInnerTexts();
  const toasts = await page.locator('.mantine-Notification-root').locator('visible=true').allInnerTexts();
  return [...fieldErrors, ...alerts, ...toasts].map((text) => text.trim()).filter(Boolean);
}

async function expectWordsForPeople(page: Page, scope: Locator): Promise<string[]> {
  await expect(
    scope.locator('.mantine-InputWrapper-error, [role="alert"]').locator('visible=true').first(),
  ).toBeVisible();
  const texts = await shownErrors(page, scope);
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text, 'a message a person reads').not.toMatch(TECHNICAL);
  return texts;
}

async function openArchive(
  page: Page,
  archive: string = DEMO.archives.open,
  credentials?: { user: string; password: string },
) {
  // The push-notification banner was already answered "Non ora" (dismissal value 2).
  await page
    .context()
    .addCookies([{ name: 'stabile_notifiche', value: '2', url: process.env.E2E_BASE_URL as string }]);
  if (archive === DEMO.archives.open && !credentials) {
    // The caller's next page.goto loads the app with the session and the archive.
    await signIn(page);
    return;
  }
  await login(page, DEMO.pro.username, DEMO.pro.password);
  await chooseArchive(page, archive, credentials);
  await expect(page.getByRole('heading', { name: 'Scegli un archivio' })).toBeHidden();
}

async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });
}

const discard = (page: Page) => page.getByRole('dialog', { name: 'Modifiche non salvate' });

test.describe('il primo giorno', () => {
  // Each journey logs in and reloads pages: on a busy machine that alone can take half a minute.
  test.setTimeout(120_000);
  test.use({ navigationTimeout: 30_000 });
  test('nuova attività: Esc chiude il calendario, poi chiede prima di perdere i dati; errori in italiano, una volta, sul campo', async ({
    page,
  }, testInfo) => {
    await openArchive(page);
    await page.goto('/activities');
    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività' });

    // Empty submit: Italian words, no field names, the first invalid field focused.
    await create.getByRole('button', { name: 'Crea attività' }).click();
    const texts = await expectWordsForPeople(page, create);
    expect(texts).toContain('Manca un campo obbligatorio');
    await expect(create.getByRole('combobox', { name: 'Condominio' })).toBeFocused();
    await snapshot(page, testInfo, 'activity-empty-submit');

    await create.getByRole('combobox', { name: 'Condominio' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await create.getByRole('textbox', { name: 'Titolo' }).fill('Infiltrazione dal terrazzo');
    await create.getByRole('textbox', { name: 'Descrizione' }).fill('Macchia sul soffitto del terzo piano');
    await expect(create.getByText('26/200 caratteri')).toBeVisible();

    // Escape with the calendar open closes the calendar only.
    const due = create.getByRole('textbox', { name: 'Da concludere entro' });
    await due.click();
    const calendar = page.locator('.mantine-Popover-dropdown').filter({ has: page.locator('table') });
    await expect(calendar).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(create).toBeVisible();
    await expect(create.getByRole('textbox', { name: 'Titolo' })).toHaveValue('Infiltrazione dal terrazzo');

    // A deadline before the opening date is caught in the form, shown once, without a field name.
    await due.fill('01/01/2020');
    await create.getByRole('textbox', { name: 'Titolo' }).click();
    await create.getByRole('button', { name: 'Crea attività' }).click();
    const dueError = 'La data di conclusione non può precedere la data di apertura.';
    await expect(create.getByText(dueError)).toHaveCount(1);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
    await expectWordsForPeople(page, create);
    await expect(due).toBeFocused();
    // Focused to be fixed, the date field shows its calendar: the first Escape closes that only.
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(discard(page)).toBeHidden();

    // Escape in the form asks before discarding; "Continua a modificare" returns to it as it was.
    await page.keyboard.press('Escape');
    await expect(discard(page)).toBeVisible();
    await discard(page).getByRole('button', { name: 'Continua a modificare' }).click();
    await expect(discard(page)).toBeHidden();
    await expect(create.getByRole('textbox', { name: 'Descrizione' })).toHaveValue(
      'Macchia sul soffitto del terzo piano',
    );
    await create.getByRole('button', { name: 'Annulla' }).click();
    await discard(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(create).toBeHidden();
  });

  test('la conferma "Modifiche non salvate" non si sposta mentre compare: un clic che la anticipa non va perso', async ({
    page,
  }) => {
    await openArchive(page);
    await page.goto('/activities');
    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività' });
    await create.getByRole('textbox', { name: 'Titolo' }).fill('Citofono guasto');
    // Where "Esci senza salvare" is on the first frame it shows: where a quick person aims.
    const firstSeen = page.evaluate(
      () =>
        new Promise<{ x: number; y: number; width: number; height: number }>((resolve) => {
          const find = () =>
            Array.from(document.querySelectorAll('button')).find(
              (b) => b.textContent?.trim() === 'Esci senza salvare',
            );
          const observer = new MutationObserver(() => {
            const button = find();
            if (!button) return;
            observer.disconnect();
            const { x, y, width, height } = button.getBoundingClientRect();
            resolve({ x, y, width, height });
          });
          observer.observe(document.body, { childList: true, subtree: true });
        }),
    );
    await create.getByRole('button', { name: 'Annulla' }).click();
    const box = await firstSeen;
    // Pressed near its top edge as soon as it shows, released once the dialog has finished appearing:
    // the press and the release land on the same button.
    await page.mouse.move(box.x + box.width / 2, box.y + 3);
    await page.mouse.down();
    await page.waitForTimeout(400);
    await page.mouse.up();
    await expect(discard(page)).toBeHidden();
    await expect(create).toBeHidden();
  });

  test('nuovo contatto: campo obbligatorio segnato, errore portato in vista, "Annulla" sulla conferma torna al modulo com\'era', async ({
    page,
  }, testInfo) => {
    await openArchive(page);
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Nuovo contatto' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo contatto' });
    const descr = modal.getByRole('textbox', { name: 'Descrizione', exact: true });
    await expect(descr).toHaveAttribute('aria-required', 'true');

    // Something typed far down the form, then Salva: the missing Descrizione is brought into view.
    await modal.getByRole('button', { name: 'Note e campi liberi' }).click();
    const note = modal.getByRole('textbox', { name: 'Note', exact: true });
    await note.fill('Chiamare dopo le 18');
    await note.scrollIntoViewIfNeeded();
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expect(descr).toBeFocused();
    await expect(descr).toBeInViewport();
    await expect(modal.getByText('Manca un campo obbligatorio')).toBeInViewport();
    await expectWordsForPeople(page, modal);
    await snapshot(page, testInfo, 'contact-empty-descr');

    await descr.fill('Zanardelli Bice');
    await modal.getByRole('button', { name: 'Salva' }).click();
    const confirm = page.getByRole('dialog', { name: 'Creare il contatto?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(confirm).toBeHidden();
    await expect(descr).toHaveValue('Zanardelli Bice');
    await expect(note).toBeVisible();
    await expect(note).toHaveValue('Chiamare dopo le 18');

    // Escape on the confirmation closes the confirmation only.
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(modal).toBeVisible();

    await page.keyboard.press('Escape');
    await discard(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(modal).toBeHidden();
  });

  test("nuovo fornitore: modulo vuoto in italiano, Esc chiude subito se non c'è nulla da perdere", async ({
    page,
  }) => {
    await openArchive(page);
    await page.goto('/providers');
    await page.getByRole('button', { name: 'Nuovo fornitore' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo fornitore' });
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expectWordsForPeople(page, modal);
    await expect(modal.getByRole('textbox', { name: 'Descrizione', exact: true })).toBeFocused();
    await modal.getByRole('textbox', { name: 'Partita IVA' }).fill('123');
    await modal.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Idraulica Test');
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expectWordsForPeople(page, modal);
    await modal.getByRole('textbox', { name: 'Partita IVA' }).fill('');
    await modal.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('');
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(discard(page)).toBeHidden();
  });

  test("scheda attività: Esc chiude l'editor o il modulo interno, non la scheda; chiede prima di perdere una nota", async ({
    page,
  }, testInfo) => {
    await openArchive(page);
    await page.goto('/activities');
    await page.locator('main').locator('tbody tr, article').first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer).toBeVisible();

    // The description editor: Escape with changes asks, and keeps the drawer open either way.
    await drawer.getByRole('button', { name: 'Modifica descrizione' }).click();
    const editor = drawer.getByRole('textbox', { name: 'Descrizione' });
    await editor.fill('Nuova descrizione in corso');
    await page.keyboard.press('Escape');
    await expect(discard(page)).toBeVisible();
    await discard(page).getByRole('button', { name: 'Continua a modificare' }).click();
    await expect(discard(page)).toBeHidden();
    await expect(editor).toHaveValue('Nuova descrizione in corso');
    await editor.press('Escape');
    await discard(page).getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(editor).toBeHidden();
    await expect(drawer).toBeVisible();

    // A modal over the drawer: its empty submit in Italian, Escape closes it and not the drawer.
    const add = drawer.getByRole('button', { name: 'Aggiungi intervento' });
    {
      await add.click();
      const modal = page.getByRole('dialog', { name: 'Nuovo intervento' });
      // The provider field opens its list on focus: Escape closes the list, not the modal.
      await expect(page.getByRole('listbox')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(modal).toBeVisible();
      await modal.getByRole('button', { name: 'Conferma' }).click();
      await expectWordsForPeople(page, modal);
      // The provider field, focused to be fixed, opens its list again: one Escape each.
      await expect(modal.getByRole('combobox', { name: 'Fornitore' })).toBeFocused();
      await expect(page.getByRole('listbox')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox')).toBeHidden();
      await expect(modal).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
      await expect(drawer).toBeVisible();
    }

    // A note typed but not added: the drawer asks before closing.
    const note = drawer.getByRole('textbox', { name: 'Aggiungi nota' });
    await note.fill('Chiamato il custode');
    await page.keyboard.press('Escape');
    await expect(discard(page)).toBeVisible();
    await snapshot(page, testInfo, 'drawer-unsaved-note');
    await discard(page).getByRole('button', { name: 'Continua a modificare' }).click();
    await expect(discard(page)).toBeHidden();
    await expect(note).toHaveValue('Chiamato il custode');

    // The operator is proposed by name, not by login email.
    await drawer.getByRole('button', { name: 'Aggiungi nota' }).click();
    const operator = page.getByRole('dialog', { name: 'Aggiungi nota' });
    await expect(operator.getByRole('textbox', { name: 'Operatore' })).not.toHaveValue(DEMO.pro.username);
    await expect(operator.getByRole('textbox', { name: 'Operatore' })).not.toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(operator).toBeHidden();
    await expect(drawer).toBeVisible();

    // Added: the toast covers none of the drawer's actions.
    await drawer.getByRole('button', { name: 'Aggiungi nota' }).click();
    await operator.getByRole('button', { name: 'Aggiungi nota' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Nota aggiunta' });
    await expect(toast).toBeVisible();
    const covered = await toast.boundingBox();
    for (const action of [
      drawer.getByRole('button', { name: 'Aggiungi nota' }),
      drawer.getByRole('button', { name: 'Chiudi', exact: true }),
    ]) {
      const box = await action.boundingBox();
      if (!covered || !box) continue;
      const overlaps =
        covered.x < box.x + box.width &&
        box.x < covered.x + covered.width &&
        covered.y < box.y + box.height &&
        box.y < covered.y + covered.height;
      expect(overlaps, 'a toast over an action of the drawer').toBe(false);
    }
    await snapshot(page, testInfo, 'drawer-toast');

    // Nothing left unsaved: Escape closes the drawer at once.
    await expect(note).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('giulia.bianchi non vede "Aggiungi intervento" senza l\'area fornitori', async ({ page }) => {
    await openArchive(page, DEMO.archives.users.name, DEMO.archives.users.giulia);
    await page.goto('/activities');
    await page.locator('main').locator('tbody tr, article').first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    await expect(drawer.getByRole('heading', { name: 'Interventi' })).toBeVisible({ timeout: 15_000 });
    await expect(drawer.getByRole('button', { name: 'Aggiungi intervento' })).toHaveCount(0);
    await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  });

  test('home: il totale delle urgenti e "Vedi tutte"; l\'elenco ricorda scheda e ordinamento', async ({
    page,
  }, testInfo) => {
    await openArchive(page);
    await page.goto('/');
    const urgent = page.getByRole('region', { name: 'Attività urgenti' });
    await expect(urgent.getByRole('link', { name: 'Vedi tutte' })).toBeVisible({ timeout: 15_000 });
    const badge = urgent.locator('.mantine-Badge-root').first();
    await expect(badge).not.toHaveText('');
    const shown = (await badge.innerText()).trim();
    await snapshot(page, testInfo, 'home');
    await urgent.getByRole('link', { name: 'Vedi tutte' }).click();
    await expect(page).toHaveURL(/\/activities\?priorita=4/);
    await expect(page.getByText(`${shown} attività`, { exact: true })).toBeVisible();

    // Tab and order survive a reload; a new order goes back to page 1.
    await page.goto('/activities?pagina=2');
    await page.getByRole('tab', { name: 'Tutte' }).click({ timeout: 30_000 });
    await page.getByRole('combobox', { name: 'Ordina per' }).click();
    await page.getByRole('option', { name: 'Numero pratica' }).click();
    await expect(page).not.toHaveURL(/pagina=/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Tutte' })).toHaveAttribute('aria-selected', 'true', {
      timeout: 30_000,
    });
    await expect(page.getByRole('combobox', { name: 'Ordina per' })).toHaveValue('Numero pratica');
  });

  test('link non validi: fornitore e nuova password dicono cosa fare', async ({ page }, testInfo) => {
    await page.goto('/fornitore/abc');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Il link non è valido');
    await expect(alert).toContainText("all'amministratore");
    expect(await alert.innerText()).not.toMatch(TECHNICAL);
    await snapshot(page, testInfo, 'supplier-bad-link');

    await page.goto('/forgotPassword?token=abc');
    await expect(page.getByRole('heading', { name: 'Link non valido' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Nuova password', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: "Torna all'accesso" })).toBeVisible();
    await page.getByRole('button', { name: 'Chiedi un nuovo link' }).click();
    await expect(page.getByRole('heading', { name: 'Recupera la password' })).toBeVisible();

    // The public forms' empty submit.
    await page.getByRole('button', { name: 'Invia il link' }).click();
    await expectWordsForPeople(page, page.locator('main, body').first());
    await page.goto('/login');
    await page.getByRole('button', { name: /^accedi$/i }).click();
    await expectWordsForPeople(page, page.locator('body'));
  });
});
