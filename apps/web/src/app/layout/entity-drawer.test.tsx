import { MantineProvider } from '@mantine/core';
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { entityDetailsClosed, entityDetailsOpened } from '../../shared/state/modals-slice.ts';
import { makeStore } from '../store.ts';
import { theme } from '../theme.ts';
import { EntityDrawer } from './entity-drawer.tsx';

// An unknown kind keeps the drawer's content out of the test: only the URL sync is under test.
const ref = { kind: 'prova', id: '7' };

function renderDrawer(path: string) {
  window.history.replaceState(null, '', path);
  const store = makeStore();
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <BrowserRouter>
            <EntityDrawer />
          </BrowserRouter>
        </MantineProvider>
      </I18nextProvider>
    </Provider>,
  );
  return store;
}

const detailInUrl = () => new URLSearchParams(window.location.search).get('dettaglio');

afterEach(() => window.history.replaceState(null, '', '/'));

describe('entity drawer and the ?dettaglio= parameter', () => {
  it('writes the open drawer into the URL, keeping the other parameters, and removes it on close', async () => {
    const store = renderDrawer('/contacts?pagina=2');
    await act(async () => store.dispatch(entityDetailsOpened(ref)));
    expect(detailInUrl()).toBe('prova:7');
    expect(new URLSearchParams(window.location.search).get('pagina')).toBe('2');

    await act(async () => store.dispatch(entityDetailsClosed()));
    expect(detailInUrl()).toBeNull();
    expect(window.location.search).toBe('?pagina=2');
    expect(store.getState().modals.entityDetails).toBeNull();
  });

  it('opens from a pasted link and follows the back button', async () => {
    const store = renderDrawer('/contacts?dettaglio=prova:3');
    await act(async () => {});
    expect(store.getState().modals.entityDetails).toEqual({ kind: 'prova', id: '3' });

    await act(async () => store.dispatch(entityDetailsOpened(ref)));
    expect(detailInUrl()).toBe('prova:7');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(store.getState().modals.entityDetails).toEqual({ kind: 'prova', id: '3' });
  });

  it('stays closed when it is closed right after opening, before the router has rendered the new URL', async () => {
    const store = renderDrawer('/contacts');
    await act(async () => {
      store.dispatch(entityDetailsOpened(ref));
      await Promise.resolve();
      store.dispatch(entityDetailsClosed());
    });
    await act(async () => {});
    expect(detailInUrl()).toBeNull();
    expect(store.getState().modals.entityDetails).toBeNull();
  });
});
