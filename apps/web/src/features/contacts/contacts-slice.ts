import type { WithSlice } from '@reduxjs/toolkit';
import { registryPageSlice } from '../../shared/state/registry-page-slice.ts';
import { rootReducer } from '../../shared/state/root-reducer.ts';

/** Client state of contacts: the list's page context and the current contact (no filters). */
export const contactsSlice = registryPageSlice('contacts', {});

declare module '../../shared/state/root-reducer.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof contactsSlice> {}
}

export const injectedContacts = contactsSlice.injectInto(rootReducer);
export const {
  searchChanged: contactsSearchChanged,
  pageChanged: contactsPageChanged,
  currentSet: currentContactSet,
} = contactsSlice.actions;
export const { selectPageContext: selectContactsPageContext, selectCurrentId: selectCurrentContactId } =
  injectedContacts.selectors;
