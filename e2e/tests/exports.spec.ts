import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openActivities } from '../support/auth.ts';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';

async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  const choice = page.getByRole('listbox').getByRole('option', { name: option, exact: true });
  await expect(choice).toBeVisible();
  await choice.click();
}

/** The rows of the first sheet as objects keyed by the header's names. */
async function sheetRows(file: string) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The file has no sheet');
  const header = sheet.getRow(1);
  const rows: Record<string, ExcelJS.CellValue>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const entries: [string, ExcelJS.CellValue][] = [];
    for (let col = 1; col <= header.cellCount; col++) {
      entries.push([String(header.getCell(col).value), row.getCell(col).value]);
    }
    rows.push(Object.fromEntries(entries));
  });
  return { sheet, rows };
}

test.describe('esportazioni', () => {
  test('export the filtered activities as Excel and read the file back', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await openActivities(page);
    const list = page.locator('main');
    // The open tab (the default) with urgent priority only.
    await list.getByRole('button', { name: 'Filtri', exact: true }).click();
    await pick(page, list, 'Priorità', 'Urgente');
    await expect(list.getByRole('button', { name: '1 filtro attivo', exact: true })).toBeVisible();
    // The list has been read again: every row shown is urgent.
    await expect(list.locator('tbody tr, article').first()).toBeVisible();
    await expect(list.locator('tbody tr, article').filter({ hasNotText: /urgente/i })).toHaveCount(0);
    const counted = list.getByText(/^\d+ attività$/);
    await expect(counted).toBeVisible();
    const total = Number(((await counted.textContent()) ?? '').replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    const firstTitle =
      (await list.locator('tbody tr, article').first().getByRole('button').first().textContent()) ?? '';

    await expectNoSeriousA11yViolations(page, { testInfo });
    await list.getByRole('button', { name: 'Esporta' }).click();
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^attivita-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(page.getByText(/Il file attivita-.*\.xlsx è stato salvato\./)).toBeVisible({
      timeout: 15_000,
    });

    const { sheet, rows } = await sheetRows(await download.path());
    expect(sheet.name).toBe('Attività');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    // Exactly what the list selects: as many rows as it counts, each open and urgent.
    expect(rows).toHaveLength(total);
    for (const row of rows) {
      expect(row.Stato).toBe('Aperta');
      expect(row.Priorità).toBe('Urgente');
      expect(row['Data apertura']).toBeInstanceOf(Date);
      expect(typeof row['Numero pratica']).toBe('number');
    }
    expect(rows.map((r) => r.Titolo)).toContain(firstTitle.trim());
  });

  test('export the searched contacts as CSV for Italian Excel', async ({ page }) => {
    test.setTimeout(60_000);
    await openActivities(page);
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { level: 1, name: 'Contatti' })).toBeVisible({ timeout: 20_000 });
    const list = page.locator('main');
    // The second contact: the list shows it first only once the search has been applied.
    const second = list.locator('tbody tr, article').nth(1);
    await expect(second).toBeVisible();
    const name = ((await second.getByRole('button').first().textContent()) ?? '').trim();
    await list.getByRole('textbox', { name: 'Cerca' }).fill(name);
    await expect(list.locator('tbody tr, article').first()).toContainText(name);

    await list.getByRole('button', { name: 'Esporta' }).click();
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('menuitem', { name: /CSV/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contatti-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^Descrizione;Codice fiscale;Partita IVA;/);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1))
      expect(line.toLowerCase()).toContain(name.split(' ')[0]?.toLowerCase());
  });
});
