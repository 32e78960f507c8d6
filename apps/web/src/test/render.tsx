import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { makeStore, type RootState } from '../app/store.ts';
import { theme } from '../app/theme.ts';
import { i18n } from '../i18n/i18n.ts';
import { installEscapeLayers } from '../shared/ui/escape-layers.ts';

installEscapeLayers();

export interface RenderOptions {
  route?: string;
  preloadedState?: Partial<RootState>;
}

/** Renders with the app's providers, a fresh store and an in-memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', preloadedState }: RenderOptions = {}) {
  const store = makeStore(preloadedState);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <Notifications />
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </MantineProvider>
      </I18nextProvider>
    </Provider>,
  );
  return { store, ...result };
}

/** A JSON response in the API's envelope. */
export function envelope(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify({ data, error: null }), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export function apiError(code: number, message: string, status: number) {
  return new Response(JSON.stringify({ data: null, error: { code, message, status } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch mock routing by "METHOD path" (first match wins); unknown calls answer 404. */
export function mockFetch(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  const calls: Request[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost:3000'), init);
    calls.push(request);
    const url = new URL(request.url);
    const handler = routes[`${request.method} ${url.pathname}`];
    if (handler) return handler(request);
    return apiError(122, 'Elemento non trovato.', 404);
  };
  return { fn, calls };
}
