import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { modalOpened } from '../../shared/state/modals-slice.ts';
import { loggedOut, resetState } from '../../shared/state/store-actions.ts';
import {
  contactsPageChanged,
  contactsSearchChanged,
  currentContactSet,
  selectContactsPageContext,
  selectCurrentContactId,
} from './contacts-slice.ts';

function storeWithCurrentItems() {
  const store = makeStore();
  store.dispatch(contactsSearchChanged('rossi'));
  store.dispatch(contactsPageChanged(3));
  store.dispatch(currentContactSet(42));
  return store;
}

describe('contacts state', () => {
  it('keeps the list page context; a new search starts from page 1', () => {
    const store = storeWithCurrentItems();
    expect(selectContactsPageContext(store.getState())).toEqual({ searchText: 'rossi', pageNumber: 3 });
    store.dispatch(contactsSearchChanged('bianchi'));
    expect(selectContactsPageContext(store.getState())).toEqual({ searchText: 'bianchi', pageNumber: 1 });
  });

  it('opening any modal clears the current contact, not the list context', () => {
    const store = storeWithCurrentItems();
    store.dispatch(modalOpened('addActivity'));
    expect(selectCurrentContactId(store.getState())).toBeNull();
    expect(selectContactsPageContext(store.getState()).searchText).toBe('rossi');
  });

  it.each([
    ['the archive changes', resetState()],
    ['the user logs out', loggedOut()],
  ])('starts again from nothing when %s', (_when, action) => {
    const store = storeWithCurrentItems();
    store.dispatch(action);
    expect(selectCurrentContactId(store.getState())).toBeNull();
    expect(selectContactsPageContext(store.getState())).toEqual({ searchText: '', pageNumber: 1 });
  });
});
