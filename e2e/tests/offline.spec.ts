import type { Page } from '@playwright/test';
import { openActivities } from '../support/auth.ts';
import { expect as baseExpect, test } from '../support/fixtures.ts';

// The journey reloads the app offline and waits for the queue to be sent: on a busy machine each step
// takes seconds.
const expect = baseExpect.configure({ timeout: 20_000 });

/** What the server holds, read through the API with the page's own session. */
async function onServer(page: Page, title: string, activityId: number, noteText: string) {
  return page.evaluate(
    async ({ title, activityId, noteText }) => {
      const archive = JSON.parse(localStorage.getItem('stabile.archive') ?? '{}') as { id: number };
      const headers = {
        Accept: 'application/json',
        Authorization: `Bearer ${sessionStorage.getItem('stabile.accessToken')}`,
        'X-Archive-Id': String(archive.id),
      };
      const list = (await (
        await fetch(`/api/attivita?searchQuery=Offline&pageSize=100&stato=1`, { headers })
      ).json()) as { data: Array<{ titolo: string }> };
      const detail = (await (await fetch(`/api/attivita/${activityId}`, { headers })).json()) as {
        data: { eventi: Array<{ testo: string | null }> };
      };
      return {
        activities: list.data.filter((a) => a.titolo === title).length,
        notes: detail.data.eventi.filter((e) => e.testo === noteText).length,
      };
    },
    { title, activityId, noteText },
  );
}

test.describe('offline', () => {
  test('an activity and a note made offline survive a reload and reach the server exactly once', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(240_000);
    const stamp = `${testInfo.project.name} ${Date.now()}`;
    const title = `Offline ${stamp}`;
    const noteText = `Nota scritta senza rete ${stamp}`;
    await openActivities(page);
    // The offline shell is the service worker's: it must be active before the network goes (polled:
    // `navigator.serviceWorker.ready` alone would wait without end if the worker never installed).
    await expect
      .poll(
        () => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)),
        { timeout: 60_000, message: 'the service worker never became active' },
      )
      .toBe(true);

    // Online first: an activity's drawer and the new-activity form are loaded once.
    await page.locator('main').locator('tbody tr, article').first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog', { name: 'Attività' });
    // The record itself, not only the drawer's frame: only what was read online is on the device.
    await expect(drawer.getByRole('textbox', { name: 'Aggiungi nota' })).toBeVisible();
    const detailParam = new URL(page.url()).searchParams.get('dettaglio') ?? '';
    const activityId = Number(detailParam.split(':')[1]);
    expect(activityId).toBeGreaterThan(0);
    const before = await onServer(page, title, activityId, noteText);
    expect(before).toEqual({ activities: 0, notes: 0 });
    await page.goto('/activities');
    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    const create = page.getByRole('dialog', { name: 'Nuova attività' });
    await create.getByRole('combobox', { name: 'Condominio' }).click();
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();

    // The network goes.
    await context.setOffline(true);
    await expect(page.getByRole('status', { name: /Offline|Dati non aggiornati/ })).toBeVisible();

    // A new activity, offline: kept on the device, the form closes.
    await page.getByRole('button', { name: 'Nuova attività', exact: true }).click();
    await create.getByRole('combobox', { name: 'Condominio' }).click();
    await page.getByRole('listbox').getByRole('option').first().click();
    await create.getByRole('textbox', { name: 'Titolo' }).fill(title);
    await create.getByRole('button', { name: 'Crea attività' }).click();
    await expect(create).toBeHidden();
    const counter = page.getByTestId('offline-queue-counter');
    await expect(counter).toHaveAccessibleName('1 modifica in attesa di invio');

    // A note on the activity, offline: its drawer is read from the device.
    await page.goto(`/activities?dettaglio=attivita:${activityId}`);
    await expect(drawer.getByRole('heading').first()).toBeVisible({ timeout: 60_000 });
    await drawer.getByRole('textbox', { name: 'Aggiungi nota' }).fill(noteText);
    await drawer.getByRole('button', { name: 'Aggiungi nota' }).click();
    const operator = page.getByRole('dialog', { name: 'Aggiungi nota' });
    await expect(operator.getByRole('textbox', { name: 'Operatore' })).not.toHaveValue('');
    await operator.getByRole('button', { name: 'Aggiungi nota', exact: true }).click();
    await expect(operator).toBeHidden();
    await expect(counter).toHaveAccessibleName('2 modifiche in attesa di invio');
    await expect(drawer.getByTestId('offline-pending-badge')).toHaveText('In attesa di invio');

    // Reload while still offline: the shell, the data last loaded (marked) and the queue are there.
    await page.reload();
    await expect(drawer.getByRole('heading').first()).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('status', { name: 'Dati non aggiornati' })).toBeVisible();
    await expect(counter).toHaveAccessibleName('2 modifiche in attesa di invio');
    await expect(drawer.getByTestId('offline-pending-badge')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await counter.click();
    const entries = page.getByTestId('offline-queue-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(`Nuova attività: ${title}`);
    await expect(entries.nth(1)).toContainText('Nota su un’attività');
    await page.screenshot({ path: testInfo.outputPath('offline-queue.png') });
    await page.keyboard.press('Escape');

    // The network returns: the queue is sent in order and empties.
    await context.setOffline(false);
    await expect(counter).toBeHidden({ timeout: 40_000 });
    expect(await page.evaluate(() => localStorage.getItem('stabile.offlineQueue'))).toBe('[]');
    await page.goto(`/activities?dettaglio=attivita:${activityId}`);
    // The note shows in the notes and in the timeline.
    await expect(drawer.getByText(noteText).first()).toBeVisible({ timeout: 60_000 });
    await expect(drawer.getByTestId('offline-pending-badge')).toBeHidden();
    await expect(page.getByRole('status', { name: /Offline|Dati non aggiornati/ })).toBeHidden();

    // Each write is on the server exactly once.
    expect(await onServer(page, title, activityId, noteText)).toEqual({ activities: 1, notes: 1 });
  });
});
