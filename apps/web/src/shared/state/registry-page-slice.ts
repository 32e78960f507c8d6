import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { modalOpened } from './modals-slice.ts';
import { resetState } from './store-actions.ts';

/**
 * Client state of a registry list (contacts, providers; spec section 3): the list's page context, its
 * filters and the record open in the drawer. The list itself is the RTK Query cache.
 */
export interface RegistryPageState<F extends object> {
  pageContext: { searchText: string; pageNumber: number };
  filters: F;
  /** The record open in the drawer (the current contact or provider). */
  currentId: number | null;
}

/**
 * The slice of one registry kind. Each kind injects its own (`slice.injectInto(rootReducer)`) and
 * exports its actions and selectors under its own names:
 *
 *   export const contactsSlice = registryPageSlice('contacts', {});
 */
export function registryPageSlice<Name extends string, F extends object>(name: Name, initialFilters: F) {
  const initialState: RegistryPageState<F> = {
    pageContext: { searchText: '', pageNumber: 1 },
    filters: initialFilters,
    currentId: null,
  };
  return createSlice({
    name,
    initialState,
    reducers: {
      /** A new search starts from page 1. */
      searchChanged(state, action: PayloadAction<string>) {
        state.pageContext = { searchText: action.payload, pageNumber: 1 };
      },
      /** A filter changed: the list starts again from page 1. */
      filtersChanged(state, action: PayloadAction<Partial<F>>) {
        Object.assign(state.filters, action.payload);
        state.pageContext.pageNumber = 1;
      },
      pageChanged(state, action: PayloadAction<number>) {
        state.pageContext.pageNumber = action.payload;
      },
      currentSet(state, action: PayloadAction<number | null>) {
        state.currentId = action.payload;
      },
    },
    extraReducers: (builder) =>
      builder
        // Spec section 2: opening a modal clears the current record, not the list's context.
        .addCase(modalOpened, (state) => {
          state.currentId = null;
        })
        // Another archive: nothing of this one stays. (Logout resets every slice in the root reducer.)
        .addCase(resetState, () => initialState),
    selectors: {
      selectPageContext: (state) => state.pageContext,
      selectFilters: (state) => state.filters,
      selectCurrentId: (state) => state.currentId,
    },
  });
}
