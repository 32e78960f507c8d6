import {
  type Action,
  combineSlices,
  configureStore,
  createListenerMiddleware,
  isAnyOf,
  type ThunkAction,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../shared/api/api.ts';
import { readCache } from '../shared/offline/read-cache.ts';
import { sessionStore } from '../shared/session/session-storage.ts';
import { authSlice } from './state/auth-slice.ts';
import { archiveSet, archiveUnset, generalSlice, sidebarToggled } from './state/general-slice.ts';
import { modalsSlice } from './state/modals-slice.ts';
import { loggedOut, resetState } from './store-actions.ts';

/**
 * Feature slices are injected, not listed here. In a feature's slice file:
 *
 *   export const activitiesSlice = createSlice({ name: 'activities', initialState, reducers, selectors,
 *     extraReducers: (b) => b.addCase(resetState, () => initialState) });
 *   declare module '../../app/store.ts' {
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

/** Logout resets every slice, injected ones included: they all restart from their initial state. */
const appReducer: typeof rootReducer = ((state, action) =>
  rootReducer(loggedOut.match(action) ? undefined : state, action)) as typeof rootReducer;

const listener = createListenerMiddleware();

// The archive in use and the local user settings survive a reload (spec section 9).
listener.startListening({
  matcher: isAnyOf(archiveSet, archiveUnset),
  effect: (_action, api) => sessionStore.writeArchive((api.getState() as RootState).general.archive),
});
listener.startListening({
  actionCreator: sidebarToggled,
  effect: (_action, api) =>
    sessionStore.writeSettings((api.getState() as RootState).general.localUserSettings),
});
// Cached answers belong to the archive (or session) they came from.
listener.startListening({
  matcher: isAnyOf(resetState, loggedOut),
  effect: (_action, listenerApi) => {
    listenerApi.dispatch(api.util.resetApiState());
  },
});
// The answers kept for offline reading belong to the session that read them.
listener.startListening({ actionCreator: loggedOut, effect: () => readCache.clear() });

export function makeStore(preloadedState?: Partial<RootState>) {
  const created = configureStore({
    reducer: appReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
  setupListeners(created.dispatch);
  return created;
}

export const store = makeStore();

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, Action>;
