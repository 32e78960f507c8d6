import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deleteCookie,
  NOTIFICATION_DISMISSAL_COOKIE,
  sessionStore,
} from '../../shared/session/session-storage.ts';
import { envelope, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { PushBanner } from './push-banner.tsx';

const VAPID_KEY = `B${'A'.repeat(85)}Q`;
const subscriptionJson = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
};

function stubBrowserPush(permission: NotificationPermission, subscribe: () => Promise<unknown>) {
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('Notification', { permission, requestPermission });
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(subscribe) };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { requestPermission, pushManager };
}

function stubApi() {
  const api = mockFetch({
    'GET /api/notifiche/chiavePubblica': () => envelope({ chiavePubblica: VAPID_KEY }),
    'POST /api/notifiche/addDevice': () => envelope({ ok: true }),
  });
  vi.stubGlobal('fetch', api.fn);
  return api;
}

beforeEach(() => {
  sessionStore.writeArchive({ id: 1, nome: 'Studio Rossi' });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  deleteCookie(NOTIFICATION_DISMISSAL_COOKIE);
});

describe('push-notification banner', () => {
  it("'Attiva' asks the permission, subscribes with the server's key and registers the subscription", async () => {
    const { requestPermission, pushManager } = stubBrowserPush('default', async () => ({
      toJSON: () => subscriptionJson,
    }));
    const api = stubApi();
    renderWithProviders(<PushBanner />);

    await userEvent.click(await screen.findByRole('button', { name: 'Attiva' }));

    expect(await screen.findByText('Notifiche attivate su questo dispositivo.')).toBeInTheDocument();
    expect(requestPermission).toHaveBeenCalled();
    const options = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options[0].userVisibleOnly).toBe(true);
    expect(Array.from(options[0].applicationServerKey as Uint8Array)).toHaveLength(65);
    const add = api.calls.find((call) => call.url.endsWith('/api/notifiche/addDevice'))!;
    expect(await add.json()).toEqual({ token: JSON.stringify(subscriptionJson), device: 'web' });
    expect(sessionStore.readDeviceToken()).toBe(JSON.stringify(subscriptionJson));
    expect(screen.queryByRole('region', { name: 'Attiva le notifiche' })).not.toBeInTheDocument();
  });

  it('shows the push token failure message when the browser cannot subscribe', async () => {
    stubBrowserPush('default', async () => {
      throw new DOMException('push service not available', 'AbortError');
    });
    const api = stubApi();
    renderWithProviders(<PushBanner />);

    await userEvent.click(await screen.findByRole('button', { name: 'Attiva' }));

    expect(
      await screen.findByText(/Non è possibile abilitare le notifiche sul dispositivo/),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.endsWith('/addDevice'))).toBe(false);
    expect(sessionStore.readDeviceToken()).toBeNull();
  });

  it("'Non ora' hides the banner and stores the dismissal value 2", async () => {
    stubBrowserPush('default', async () => ({ toJSON: () => subscriptionJson }));
    stubApi();
    renderWithProviders(<PushBanner />);

    await userEvent.click(await screen.findByRole('button', { name: 'Non ora' }));

    expect(screen.queryByRole('button', { name: 'Attiva' })).not.toBeInTheDocument();
    expect(document.cookie).toContain('stabile_notifiche=2');
  });

  it('registers the device again without asking when the permission is already granted', async () => {
    const { requestPermission } = stubBrowserPush('granted', async () => ({
      toJSON: () => subscriptionJson,
    }));
    const api = stubApi();
    renderWithProviders(<PushBanner />);

    await waitFor(() => expect(sessionStore.readDeviceToken()).toBe(JSON.stringify(subscriptionJson)));
    expect(requestPermission).not.toHaveBeenCalled();
    expect(api.calls.filter((call) => call.url.endsWith('/addDevice')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Attiva' })).not.toBeInTheDocument();
  });
});
