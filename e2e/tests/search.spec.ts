import { partitaIvaFromBody } from '@stabile/contract';
import { signIn } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';

// The shared machine can be slow: each step may take far longer than the default 5 s.
const expect = baseExpect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 480_000 });

test.describe('search everything', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('finds a provider by VAT number from the palette and opens its drawer', async ({ page }, testInfo) => {
    // A provider of this run (each viewport its own), with a VAT number no demo record has.
    const stamp = `${Date.now()}`.slice(-8);
    const vat = partitaIvaFromBody(`${testInfo.project.name === 'phone' ? 1 : 2}${stamp}9`.slice(0, 10));
    const name = `Impianti Zaffiro ${stamp}`;
    await page.goto('/providers');
    await page
      .getByRole('button', { name: 'Non ora' })
      .click({ timeout: 3000 })
      .catch(() => undefined);
    await page.getByRole('button', { name: 'Nuovo fornitore' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Nuovo fornitore' });
    await modal.getByRole('textbox', { name: 'Descrizione', exact: true }).fill(name);
    await modal.getByLabel('Partita IVA').fill(vat);
    await modal.getByRole('button', { name: 'Salva' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Fornitore' }).getByRole('heading', { name }),
    ).toBeVisible();

    // From another page, with the drawer closed.
    await page.goto('/');
    await expect(page.getByRole('dialog', { name: 'Fornitore' })).toBeHidden();
    // The logged-in layout (which holds the palette and its shortcut) is there.
    await expect(page.getByRole('button', { name: 'Trova ovunque', exact: true })).toBeVisible();
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Trova ovunque', exact: true }).click();
    } else {
      await page.keyboard.press('Control+k');
    }
    const input = page.getByRole('textbox', { name: 'Cerca in tutto l’archivio' });
    await expect(input).toBeFocused();
    await input.fill(vat.slice(0, 2));
    await expect(page.getByText(/Scrivi almeno 3 caratteri/)).toBeVisible();
    await input.fill(vat);
    const providers = page.getByRole('region', { name: 'Fornitori' });
    await expect(providers.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('palette.png') });
    await expectNoSeriousA11yViolations(page, { testInfo });

    // Arrows and Enter open the chosen hit: the drawer of the provider, its URL linkable.
    await input.press('ArrowDown');
    await input.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Fornitore' });
    await expect(drawer.getByRole('heading', { name })).toBeVisible();
    await expect(page).toHaveURL(/dettaglio=fornitore%3A\d+|dettaglio=fornitore:\d+/);
    await expect(input).toBeHidden();

    // Nothing found: said in Italian.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    if (testInfo.project.name === 'phone') {
      await page.getByRole('button', { name: 'Trova ovunque', exact: true }).click();
    } else {
      await page.keyboard.press('Control+k');
    }
    await input.fill('zzqxwy');
    await expect(page.getByText('Nessun risultato per «zzqxwy».')).toBeVisible();
    if (testInfo.project.name === 'phone') {
      // Full screen on the phone: closed with its own button.
      await page.getByRole('button', { name: 'Chiudi la ricerca' }).click();
    } else {
      await page.keyboard.press('Escape');
    }
    await expect(input).toBeHidden();
  });
});
