import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { selectProviderFilters, selectProvidersPageContext } from '../providers-slice.ts';
import { ProviderList } from './provider-list.tsx';

const pagination = (totalCount: number) => ({ totalCount, currentPage: 1, pageSize: 15, totalPages: 1 });
const item = (id: number, descr: string) => ({
  id,
  descr,
  partitaIva: '',
  codiceFiscale: '',
  citta: 'Milano',
  provincia: 'MI',
  telefono1: '',
});

const IDRAULICA = item(1, 'Idraulica Bianchi');
const ELETTRO = item(2, 'Elettro Verdi');

let fetchMock: ReturnType<typeof mockFetch>;

/** Mantine's combobox in jsdom is slow on a loaded machine. */
const TIMEOUT = 30_000;

/** The server's filters, as the list endpoint applies them (activity type 3: plumbers; DURC 3: expired). */
beforeEach(() => {
  fetchMock = mockFetch({
    'GET /api/fornitore/tipoAttivita': () =>
      envelope([
        { id: 3, testo: 'Idraulico' },
        { id: 4, testo: 'Elettricista' },
      ]),
    'GET /api/fornitore': (request) => {
      const params = new URL(request.url).searchParams;
      let items = [IDRAULICA, ELETTRO];
      if (params.get('tipoAttivitaID') === '3') items = [IDRAULICA];
      if (params.get('tipoAttivitaID') === '4') items = [ELETTRO];
      if (params.get('durcStato') === '3') items = items.filter((i) => i.id === 2);
      if (params.get('durcStato') === '4') items = [];
      return envelope(items, { headers: { 'X-Pagination': JSON.stringify(pagination(items.length)) } });
    },
  });
  vi.stubGlobal('fetch', fetchMock.fn);
});

const listCalls = () =>
  fetchMock.calls
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === '/api/fornitore')
    .map((url) => url.searchParams);

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('provider list filters', () => {
  it(
    'filters by activity type and DURC state, sends each filter once chosen, and clears them',
    async () => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      const { store } = renderWithProviders(<ProviderList onCreate={() => {}} />);
      const table = await screen.findByRole('table', { name: 'Fornitori' });
      expect(within(table).getByText('Idraulica Bianchi')).toBeInTheDocument();
      expect(within(table).getByText('Elettro Verdi')).toBeInTheDocument();
      // No filter chosen: none is sent.
      expect(listCalls()[0]!.has('tipoAttivitaID')).toBe(false);
      expect(listCalls()[0]!.has('durcStato')).toBe(false);

      await choose(user, 'Tipo di attività', 'Elettricista');
      await waitFor(() => expect(screen.queryByText('Idraulica Bianchi')).not.toBeInTheDocument());
      expect(screen.getByText('Elettro Verdi')).toBeInTheDocument();
      expect(listCalls().at(-1)!.get('tipoAttivitaID')).toBe('4');
      expect(selectProviderFilters(store.getState())).toEqual({ tipoAttivitaID: 4, durcStato: null });

      await choose(user, 'DURC', 'Assente');
      expect(await screen.findByText('Nessun risultato')).toBeInTheDocument();
      // A filtered empty list is "no results", not "no provider yet".
      expect(screen.queryByText('Non ci sono ancora fornitori in questo archivio.')).not.toBeInTheDocument();
      const last = listCalls().at(-1)!;
      expect([last.get('tipoAttivitaID'), last.get('durcStato')]).toEqual(['4', '4']);

      // Clearing both filters shows every provider again (the unfiltered page, as first loaded).
      await user.click(screen.getByRole('button', { name: 'Togli il filtro Tipo di attività' }));
      await user.click(screen.getByRole('button', { name: 'Togli il filtro DURC' }));
      expect(await screen.findByText('Idraulica Bianchi')).toBeInTheDocument();
      expect(screen.getByText('Elettro Verdi')).toBeInTheDocument();
      expect(selectProviderFilters(store.getState())).toEqual({ tipoAttivitaID: null, durcStato: null });
    },
    TIMEOUT,
  );

  it(
    'a new filter brings the list back to page 1',
    async () => {
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      const { store } = renderWithProviders(<ProviderList onCreate={() => {}} />);
      await screen.findByRole('table', { name: 'Fornitori' });
      const { providersPageChanged } = await import('../providers-slice.ts');
      store.dispatch(providersPageChanged(3));
      await choose(user, 'DURC', 'Scaduto');
      expect(selectProvidersPageContext(store.getState()).pageNumber).toBe(1);
      await waitFor(() => expect(listCalls().at(-1)!.get('durcStato')).toBe('3'));
      expect(listCalls().at(-1)!.get('pageNumber')).toBe('1');
    },
    TIMEOUT,
  );
});
