import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../shared/state/root-reducer.ts';
import { resetState } from '../../shared/state/store-actions.ts';

/**
 * Client state of common parts (spec section 3): the list's filters and the current parts. Only one
 * of environment or implant is current at a time: choosing one clears the other.
 */
export interface CommonPartsFilters {
  searchText: string;
  condominioID: number | null;
  categoria: number | null;
  tipo: number | null;
  pageNumber: number;
}

export interface CommonPartsState {
  filters: CommonPartsFilters;
  currentEnvironmentId: number | null;
  currentImplantId: number | null;
}

const initialFilters: CommonPartsFilters = {
  searchText: '',
  condominioID: null,
  categoria: null,
  tipo: null,
  pageNumber: 1,
};

const initialState: CommonPartsState = {
  filters: initialFilters,
  currentEnvironmentId: null,
  currentImplantId: null,
};

export const commonPartsSlice = createSlice({
  name: 'commonParts',
  initialState,
  reducers: {
    /** A filter changed: the list goes back to its first page. A new category drops the type. */
    commonPartsFiltersChanged(state, action: PayloadAction<Partial<Omit<CommonPartsFilters, 'pageNumber'>>>) {
      const next = { ...state.filters, ...action.payload, pageNumber: 1 };
      if (
        'categoria' in action.payload &&
        !('tipo' in action.payload) &&
        action.payload.categoria !== state.filters.categoria
      )
        next.tipo = null;
      state.filters = next;
    },
    commonPartsPageChanged(state, action: PayloadAction<number>) {
      state.filters.pageNumber = action.payload;
    },
    currentEnvironmentSet(state, action: PayloadAction<number | null>) {
      state.currentEnvironmentId = action.payload;
      if (action.payload !== null) state.currentImplantId = null;
    },
    currentImplantSet(state, action: PayloadAction<number | null>) {
      state.currentImplantId = action.payload;
      if (action.payload !== null) state.currentEnvironmentId = null;
    },
  },
  extraReducers: (builder) => builder.addCase(resetState, () => initialState),
  selectors: {
    selectCommonPartsFilters: (state) => state.filters,
    selectCurrentEnvironmentId: (state) => state.currentEnvironmentId,
    selectCurrentImplantId: (state) => state.currentImplantId,
  },
});

declare module '../../shared/state/root-reducer.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof commonPartsSlice> {}
}

export const injectedCommonParts = commonPartsSlice.injectInto(rootReducer);
export const { commonPartsFiltersChanged, commonPartsPageChanged, currentEnvironmentSet, currentImplantSet } =
  commonPartsSlice.actions;
export const { selectCommonPartsFilters, selectCurrentEnvironmentId, selectCurrentImplantId } =
  injectedCommonParts.selectors;
