import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { modalOpened } from '../../shared/state/modals-slice.ts';
import { rootReducer } from '../../shared/state/root-reducer.ts';
import { resetState } from '../../shared/state/store-actions.ts';

/**
 * Client state of providers (spec section 3): the list page context and the current provider. The
 * list itself is the RTK Query cache of `providers` (one entry per page and search).
 */
export interface ProviderFilters {
  /** The provider's activity type (`/api/fornitore/tipoAttivita`); null = any. */
  tipoAttivitaID: number | null;
  /** The DURC state (DurcState); null = any. */
  durcStato: number | null;
}

export interface ProvidersState {
  pageContext: { searchText: string; pageNumber: number };
  filters: ProviderFilters;
  /** The provider open in the drawer. */
  currentId: number | null;
}

const initialState: ProvidersState = {
  pageContext: { searchText: '', pageNumber: 1 },
  filters: { tipoAttivitaID: null, durcStato: null },
  currentId: null,
};

export const providersSlice = createSlice({
  name: 'providers',
  initialState,
  reducers: {
    providersSearchChanged(state, action: PayloadAction<string>) {
      state.pageContext = { searchText: action.payload, pageNumber: 1 };
    },
    /** A filter changed: the list starts again from page 1. */
    providersFiltersChanged(state, action: PayloadAction<Partial<ProviderFilters>>) {
      state.filters = { ...state.filters, ...action.payload };
      state.pageContext.pageNumber = 1;
    },
    providersPageChanged(state, action: PayloadAction<number>) {
      state.pageContext.pageNumber = action.payload;
    },
    currentProviderSet(state, action: PayloadAction<number | null>) {
      state.currentId = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      // Spec section 2: opening a modal clears the current provider.
      .addCase(modalOpened, (state) => {
        state.currentId = null;
      })
      // Another archive: nothing of this one stays. (Logout resets every slice in the root reducer.)
      .addCase(resetState, () => initialState),
  selectors: {
    selectProvidersPageContext: (state) => state.pageContext,
    selectProviderFilters: (state) => state.filters,
    selectCurrentProviderId: (state) => state.currentId,
  },
});

declare module '../../shared/state/root-reducer.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof providersSlice> {}
}

export const injectedProviders = providersSlice.injectInto(rootReducer);
export const { providersSearchChanged, providersFiltersChanged, providersPageChanged, currentProviderSet } =
  providersSlice.actions;
export const { selectProvidersPageContext, selectProviderFilters, selectCurrentProviderId } =
  injectedProviders.selectors;
