import {
  type Action,
  combineSlices,
  type Store,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { api } from '../api/api.ts';
import { authSlice } from './auth-slice.ts';
import { generalSlice } from './general-slice.ts';
import { modalsSlice } from './modals-slice.ts';

/**
 * The root reducer and the store's types, which features and shared code may use; the store itself
 * (middleware, listeners) is assembled in app/store.ts.
 *
 * Feature slices are injected, not listed here. In a feature's slice file:
 *
 *   export const activitiesSlice = createSlice({ name: 'activities', initialState, reducers, selectors,
 *     extraReducers: (b) => b.addCase(resetState, () => initialState) });
 *   declare module '../../shared/state/root-reducer.ts' {
 *     export interface LazyLoadedSlices extends WithSlice<typeof activitiesSlice> {}
 *   }
 *   export const injectedActivities = activitiesSlice.injectInto(rootReducer);
 *   export const { selectList } = injectedActivities.selectors;   // selectors work on RootState
 *
 * (Import the module that injects before using its selectors; a page importing its feature does it.)
 */
// biome-ignore lint/suspicious/noEmptyInterface: features augment this interface with their slices.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  generalSlice,
  authSlice,
  modalsSlice,
  api,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
/** The store as its users see it (app/store.ts checks that the real one fits). */
export type AppStore = Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;
