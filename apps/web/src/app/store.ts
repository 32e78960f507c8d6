import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '../shared/api/api.ts';
import { readCache } from '../shared/offline/read-cache.ts';
import { sessionStore } from '../shared/session/session-storage.ts';
import { archiveSet, archiveUnset, sidebarToggled } from '../shared/state/general-slice.ts';
import { type AppStore, type RootState, rootReducer } from '../shared/state/root-reducer.ts';
import { loggedOut, resetState } from '../shared/state/store-actions.ts';

export type { AppDispatch, AppStore, AppThunk, RootState } from '../shared/state/root-reducer.ts';

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

// The store fits the type that features and shared code see (shared/state/root-reducer.ts).
export const store: AppStore = makeStore();
