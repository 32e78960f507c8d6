import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { modalOpened } from '../../shared/state/modals-slice.ts';
import { rootReducer } from '../../shared/state/root-reducer.ts';
import { resetState } from '../../shared/state/store-actions.ts';

/**
 * Client state of contacts (spec section 3): the list page context and the current contact. The
 * list itself is the RTK Query cache of `contacts` (one entry per page and search).
 */
export interface ContactsState {
  pageContext: { searchText: string; pageNumber: number };
  /** The contact open in the drawer. */
  currentId: number | null;
}

const initialState: ContactsState = {
  pageContext: { searchText: '', pageNumber: 1 },
  currentId: null,
};

export const contactsSlice = createSlice({
  name: 'contacts',
  initialState,
  reducers: {
    contactsSearchChanged(state, action: PayloadAction<string>) {
      state.pageContext = { searchText: action.payload, pageNumber: 1 };
    },
    contactsPageChanged(state, action: PayloadAction<number>) {
      state.pageContext.pageNumber = action.payload;
    },
    currentContactSet(state, action: PayloadAction<number | null>) {
      state.currentId = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      // Spec section 2: opening a modal clears the current contact.
      .addCase(modalOpened, (state) => {
        state.currentId = null;
      })
      // Another archive: nothing of this one stays. (Logout resets every slice in the root reducer.)
      .addCase(resetState, () => initialState),
  selectors: {
    selectContactsPageContext: (state) => state.pageContext,
    selectCurrentContactId: (state) => state.currentId,
  },
});

declare module '../../shared/state/root-reducer.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof contactsSlice> {}
}

export const injectedContacts = contactsSlice.injectInto(rootReducer);
export const { contactsSearchChanged, contactsPageChanged, currentContactSet } = contactsSlice.actions;
export const { selectContactsPageContext, selectCurrentContactId } = injectedContacts.selectors;
