import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectEntityDetails } from '../../shared/state/modals-slice.ts';
import { apiError, envelope, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { allowConsoleError } from '../../test/setup.ts';
import { SearchPalette, searchPalette } from './search-palette.tsx';

const RESULT = {
  groups: [
    {
      kind: 'fornitore',
      hits: [
        {
          id: 7,
          drawer: 'fornitore',
          drawerId: '7',
          title: 'Termoidraulica Brambilla',
          subtitle: '04567890019 · Milano',
        },
      ],
      total: 1,
      capped: false,
    },
    {
      kind: 'contatto',
      hits: [
        { id: 3, drawer: 'persona', drawerId: '3', title: 'Brambilla Anna', subtitle: null },
        { id: 4, drawer: 'persona', drawerId: '4', title: 'Brambilla Luigi', subtitle: 'Monza' },
      ],
      total: 1000,
      capped: true,
    },
  ],
};

function stubSearch(answer: (q: string) => Response = () => envelope(RESULT)) {
  const api = mockFetch({
    'GET /api/cerca': (request) => answer(new URL(request.url).searchParams.get('q') ?? ''),
  });
  vi.stubGlobal('fetch', api.fn);
  return api;
}

const searchCalls = (api: ReturnType<typeof stubSearch>) =>
  api.calls
    .filter((c) => new URL(c.url).pathname === '/api/cerca')
    .map((c) => new URL(c.url).searchParams.get('q'));

afterEach(() => {
  act(() => searchPalette.close());
});

// Each case renders the palette and waits for a debounced request: slow on a loaded machine.
describe('search palette', { timeout: 20_000 }, () => {
  it('opens with Ctrl+K, searches from 3 characters once typing pauses, shows the kinds in the given order', async () => {
    const api = stubSearch();
    renderWithProviders(<SearchPalette />);
    fireEvent.keyDown(document.documentElement, { key: 'k', code: 'KeyK', ctrlKey: true });
    const input = await screen.findByRole('textbox', { name: 'Cerca in tutto l’archivio' });
    expect(screen.getByText(/Scrivi almeno 3 caratteri/)).toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'br' } });
    await new Promise((r) => setTimeout(r, 300));
    expect(searchCalls(api)).toEqual([]);

    // Typed faster than the debounce: one request, for the whole word.
    for (const text of ['bra', 'bram', 'brambilla']) fireEvent.change(input, { target: { value: text } });
    expect(await screen.findByText('Termoidraulica Brambilla')).toBeInTheDocument();
    expect(searchCalls(api)).toEqual(['brambilla']);
    const groups = screen.getAllByRole('region');
    expect(groups.map((g) => g.getAttribute('aria-labelledby'))).toEqual([
      'cerca-fornitore',
      'cerca-contatto',
    ]);
    expect(screen.getByText('Fornitori')).toBeInTheDocument();
    expect(screen.getByText('Contatti')).toBeInTheDocument();
    expect(screen.getByText('e oltre 998 altri')).toBeInTheDocument();
    expect(screen.getByText('04567890019 · Milano')).toBeInTheDocument();
  });

  it('moves with the arrows and opens the chosen record in its drawer with Enter', async () => {
    stubSearch();
    const { store } = renderWithProviders(<SearchPalette />);
    act(() => searchPalette.open());
    const input = await screen.findByRole('textbox', { name: 'Cerca in tutto l’archivio' });
    fireEvent.change(input, { target: { value: 'brambilla' } });
    await screen.findByText('Brambilla Anna');
    // The first arrow chooses the first hit (the provider), the second the first contact.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(selectEntityDetails(store.getState())).toEqual({ kind: 'persona', id: '3' });
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Cerca in tutto l’archivio' })).toBeNull(),
    );
  });

  it('opens a record with a click', async () => {
    stubSearch();
    const { store } = renderWithProviders(<SearchPalette />);
    act(() => searchPalette.open());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Cerca in tutto l’archivio' }), {
      target: { value: 'brambilla' },
    });
    await userEvent.click(await screen.findByText('Termoidraulica Brambilla'));
    expect(selectEntityDetails(store.getState())).toEqual({ kind: 'fornitore', id: '7' });
  });

  it('closes on Escape', async () => {
    stubSearch();
    renderWithProviders(<SearchPalette />);
    act(() => searchPalette.open());
    await screen.findByRole('textbox', { name: 'Cerca in tutto l’archivio' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Cerca in tutto l’archivio' })).toBeNull(),
    );
  });

  it('says in Italian when nothing matches', async () => {
    stubSearch(() => envelope({ groups: [] }));
    renderWithProviders(<SearchPalette />);
    act(() => searchPalette.open());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Cerca in tutto l’archivio' }), {
      target: { value: 'zzqx' },
    });
    expect(await screen.findByText('Nessun risultato per «zzqx».')).toBeInTheDocument();
  });

  it('says in Italian when the search fails, and retries', async () => {
    allowConsoleError();
    let fail = true;
    const api = stubSearch(() => (fail ? apiError(100, 'Errore del server.', 500) : envelope(RESULT)));
    renderWithProviders(<SearchPalette />);
    act(() => searchPalette.open());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Cerca in tutto l’archivio' }), {
      target: { value: 'brambilla' },
    });
    expect(await screen.findByText('La ricerca non è riuscita. Riprova tra poco.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Termoidraulica Brambilla')).toBeInTheDocument();
    expect(searchCalls(api).length).toBeGreaterThanOrEqual(2);
  });
});
