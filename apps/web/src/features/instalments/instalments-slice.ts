import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { InstalmentGroupType } from '@stabile/contract';
import { rootReducer } from '../../shared/state/root-reducer.ts';
import { resetState } from '../../shared/state/store-actions.ts';

/** The filters of the instalments page (spec section 2 "Filters"). */
export interface InstalmentFilters {
  condominioId: number | null;
  esercizioId: number | null;
  groupType: InstalmentGroupType;
  searchText: string;
  /** gruppedTypeFilter: an instalment type, or null for all. */
  tipoRata: number | null;
  /** expiredImportFilter. */
  onlyExpired: boolean;
  advanced: { soloDaVersare: boolean; scadenzaEntro: string };
  pageNumber: number;
}

/**
 * Client state of instalments (spec section 3): the filters, the current instalment group and the
 * set of its instalment ids. Clearing the current instalment clears the set (spec section 4).
 */
export interface InstalmentsState {
  filters: InstalmentFilters;
  /** The group open in the drawer (its drawer id). */
  current: string | null;
  currentIds: number[];
}

const initialFilters: InstalmentFilters = {
  condominioId: null,
  esercizioId: null,
  groupType: InstalmentGroupType.ByRegistry,
  searchText: '',
  tipoRata: null,
  onlyExpired: false,
  advanced: { soloDaVersare: false, scadenzaEntro: '' },
  pageNumber: 1,
};

const initialState: InstalmentsState = { filters: initialFilters, current: null, currentIds: [] };

export const instalmentsSlice = createSlice({
  name: 'instalments',
  initialState,
  reducers: {
    /** Any filter but the page brings the list back to its first page. */
    instalmentFiltersChanged(state, action: PayloadAction<Partial<Omit<InstalmentFilters, 'pageNumber'>>>) {
      const next = { ...state.filters, ...action.payload, pageNumber: 1 };
      if (
        action.payload.condominioId !== undefined &&
        action.payload.condominioId !== state.filters.condominioId
      ) {
        next.esercizioId = action.payload.esercizioId ?? null;
      }
      state.filters = next;
    },
    instalmentPageChanged(state, action: PayloadAction<number>) {
      state.filters.pageNumber = action.payload;
    },
    currentInstalmentSet(state, action: PayloadAction<{ id: string; instalmentIds: number[] } | null>) {
      state.current = action.payload?.id ?? null;
      state.currentIds = action.payload?.instalmentIds ?? [];
    },
  },
  extraReducers: (builder) => builder.addCase(resetState, () => initialState),
  selectors: {
    selectInstalmentFilters: (state) => state.filters,
    selectCurrentInstalment: (state) => state.current,
    selectCurrentInstalmentIds: (state) => state.currentIds,
  },
});

declare module '../../shared/state/root-reducer.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof instalmentsSlice> {}
}

export const injectedInstalments = instalmentsSlice.injectInto(rootReducer);
export const { instalmentFiltersChanged, instalmentPageChanged, currentInstalmentSet } =
  instalmentsSlice.actions;
export const { selectInstalmentFilters, selectCurrentInstalment, selectCurrentInstalmentIds } =
  injectedInstalments.selectors;
