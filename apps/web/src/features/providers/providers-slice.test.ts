import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/state/modals-slice.ts';
import { loggedOut, resetState } from '../../shared/state/store-actions.ts';
import {
  currentProviderSet,
  providersPageChanged,
  providersSearchChanged,
  selectCurrentProviderId,
  selectProvidersPageContext,
} from './providers-slice.ts';

function storeWithCurrentItems() {
  const store = makeStore();
  store.dispatch(providersSearchChanged('idraulica'));
  store.dispatch(providersPageChanged(3));
  store.dispatch(currentProviderSet(42));
  return store;
}

describe('providers state', () => {
  it('keeps the list page context; a new search starts from page 1', () => {
    const store = storeWithCurrentItems();
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: 'idraulica', pageNumber: 3 });
    store.dispatch(providersSearchChanged('elettro'));
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: 'elettro', pageNumber: 1 });
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
    store.dispatch(action);
    expect(selectCurrentProviderId(store.getState())).toBeNull();
    expect(selectProvidersPageContext(store.getState())).toEqual({ searchText: '', pageNumber: 1 });
  });
});
