import type { WithSlice } from '@reduxjs/toolkit';
import { registryPageSlice } from '../../shared/state/registry-page-slice.ts';
import { rootReducer } from '../../shared/state/root-reducer.ts';

/** The list's filters (spec section 7 "Suppliers"); null = any. */
export interface ProviderFilters {
  /** The provider's activity type (`/api/fornitore/tipoAttivita`). */
  tipoAttivitaID: number | null;
  /** The DURC state (DurcState). */
  durcStato: number | null;
}

/** Client state of providers: the list's page context and filters, and the current provider. */
export const providersSlice = registryPageSlice('providers', {
  tipoAttivitaID: null,
  durcStato: null,
} as ProviderFilters);

declare module '../../shared/state/root-reducer.ts' {
  export interface LazyLoadedSlices extends WithSlice<typeof providersSlice> {}
}

export const injectedProviders = providersSlice.injectInto(rootReducer);
export const {
  searchChanged: providersSearchChanged,
  filtersChanged: providersFiltersChanged,
  pageChanged: providersPageChanged,
  currentSet: currentProviderSet,
} = providersSlice.actions;
export const {
  selectPageContext: selectProvidersPageContext,
  selectFilters: selectProviderFilters,
  selectCurrentId: selectCurrentProviderId,
} = injectedProviders.selectors;
