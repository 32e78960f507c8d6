import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/state/modals-slice.ts';
import { loggedOut, resetState } from '../../shared/state/store-actions.ts';
import { contactsSearchChanged, selectContactsPageContext } from '../contacts/contacts-slice.ts';
import {
  currentProviderSet,
  providersFiltersChanged,
  providersPageChanged,
  providersSearchChanged,
  selectCurrentProviderId,
  selectProviderFilters,
  selectProvidersPageContext,
} from './providers-slice.ts';

// The registry page state (shared/state/registry-page-slice.ts), through the providers' slice: the
// contacts' slice is the same with no filters.
function storeWithCurrentItems() {
  const store = makeStore();
  store.dispatch(providersSearchChanged('idraulica'));
  store.dispatch(providersPageChanged(3));
  store.dispatch(currentProviderSet(42));
  return store;
}

describe('registry list state (providers, contacts)', () => {
  it('keeps the list page context; a new search starts from page 1', () => {
    const store = storeWithCurrentItems();
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: 'idraulica', pageNumber: 3 });
    store.dispatch(providersSearchChanged('elettro'));
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: 'elettro', pageNumber: 1 });
  });

  it('a filter keeps the others and the search, and starts again from page 1', () => {
    const store = storeWithCurrentItems();
    store.dispatch(providersFiltersChanged({ durcStato: 2 }));
    store.dispatch(providersPageChanged(2));
    store.dispatch(providersFiltersChanged({ tipoAttivitaID: 5 }));
    expect(selectProviderFilters(store.getState())).toEqual({ tipoAttivitaID: 5, durcStato: 2 });
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: 'idraulica', pageNumber: 1 });
  });

  it('each kind keeps its own state', () => {
    const store = storeWithCurrentItems();
    store.dispatch(contactsSearchChanged('rossi'));
    expect(selectContactsPageContext(store.getState())).toEqual({ searchText: 'rossi', pageNumber: 1 });
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: 'idraulica', pageNumber: 3 });
  });

  it('opening any modal clears the current provider, not the list context', () => {
    const store = storeWithCurrentItems();
    store.dispatch(modalOpened('addActivity'));
    expect(selectCurrentProviderId(store.getState())).toBeNull();
    expect(selectProvidersPageContext(store.getState()).searchText).toBe('idraulica');
  });

  it.each([
    ['the archive changes', resetState()],
    ['the user logs out', loggedOut()],
  ])('starts again from nothing when %s', (_when, action) => {
    const store = storeWithCurrentItems();
    store.dispatch(providersFiltersChanged({ durcStato: 2 }));
    store.dispatch(contactsSearchChanged('rossi'));
    store.dispatch(action);
    expect(selectCurrentProviderId(store.getState())).toBeNull();
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: '', pageNumber: 1 });
    expect(selectProviderFilters(store.getState())).toEqual({ tipoAttivitaID: null, durcStato: null });
    expect(selectContactsPageContext(store.getState())).toEqual({ searchText: '', pageNumber: 1 });
  });
});
