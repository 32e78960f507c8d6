import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MOBILE_BREAKPOINT } from '@stabile/contract';
import { isNativeWrapper, nativePhoneModel } from '../native/native-bridge.ts';
import { type StoredArchive, sessionStore } from '../session/session-storage.ts';
import { loggedOut } from './store-actions.ts';

export interface CurrentArchive extends StoredArchive {}

export interface CurrentCondominium {
  id: number;
  descr: string;
}

export interface CurrentEsercizio {
  id: number;
  descr: string;
}

export interface LocalUserSettings {
  appereance: { sidebarExpanded: boolean };
}

export interface MioCondominioInfo {
  pid: string | null;
  mioCondominioPremiumAbilitato: boolean;
}

export interface Viewport {
  width: number;
  height: number;
  isMobileScreen: boolean;
}

export interface GeneralState {
  archive: CurrentArchive | null;
  condominium: CurrentCondominium | null;
  esercizio: CurrentEsercizio | null;
  connectionStatus: 'online' | 'offline';
  phoneModel: string | null;
  viewport: Viewport;
  /** Bumped to ask pages (routeData) and open drawers (entityDetails) to refetch. */
  refresh: { routeData: number; entityDetails: number };
  localUserSettings: LocalUserSettings;
  mioCondominioInfo: MioCondominioInfo | null;
  changelogReady: boolean;
  /** True while the last access of the archive is being updated after a route change (spinner). */
  lastAccessPending: boolean;
}

const DEFAULT_SETTINGS: LocalUserSettings = { appereance: { sidebarExpanded: true } };

const isSettings = (value: unknown): value is LocalUserSettings =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LocalUserSettings).appereance?.sidebarExpanded === 'boolean';

export function measureViewport(): Viewport {
  const width = typeof window === 'undefined' ? 1280 : window.innerWidth;
  const height = typeof window === 'undefined' ? 800 : window.innerHeight;
  return { width, height, isMobileScreen: width < MOBILE_BREAKPOINT || isNativeWrapper() };
}

function initialGeneralState(): GeneralState {
  return {
    archive: sessionStore.readArchive(),
    condominium: null,
    esercizio: null,
    connectionStatus: typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online',
    phoneModel: typeof navigator === 'undefined' ? null : nativePhoneModel(),
    viewport: measureViewport(),
    refresh: { routeData: 0, entityDetails: 0 },
    localUserSettings: sessionStore.readSettings(isSettings) ?? DEFAULT_SETTINGS,
    mioCondominioInfo: null,
    changelogReady: false,
    lastAccessPending: false,
  };
}

export const generalSlice = createSlice({
  name: 'general',
  initialState: initialGeneralState,
  reducers: {
    archiveSet(state, action: PayloadAction<CurrentArchive>) {
      state.archive = action.payload;
      state.condominium = null;
      state.esercizio = null;
      state.mioCondominioInfo = null;
    },
    /** Spec section 4: unsetting the archive clears archive, condominium, esercizio and premium info. */
    archiveUnset(state) {
      state.archive = null;
      state.condominium = null;
      state.esercizio = null;
      state.mioCondominioInfo = null;
    },
    condominiumSet(state, action: PayloadAction<CurrentCondominium | null>) {
      state.condominium = action.payload;
    },
    esercizioSet(state, action: PayloadAction<CurrentEsercizio | null>) {
      state.esercizio = action.payload;
    },
    connectionChanged(state, action: PayloadAction<'online' | 'offline'>) {
      state.connectionStatus = action.payload;
    },
    viewportChanged(state, action: PayloadAction<Viewport>) {
      state.viewport = action.payload;
    },
    routeDataRefreshed(state) {
      state.refresh.routeData = Date.now();
    },
    entityDetailsRefreshed(state) {
      state.refresh.entityDetails = Date.now();
    },
    sidebarToggled(state) {
      state.localUserSettings.appereance.sidebarExpanded =
        !state.localUserSettings.appereance.sidebarExpanded;
    },
    lastAccessStarted(state) {
      state.lastAccessPending = true;
    },
    lastAccessFinished(state, action: PayloadAction<MioCondominioInfo | null>) {
      state.lastAccessPending = false;
      if (action.payload) state.mioCondominioInfo = action.payload;
    },
    changelogReadyChanged(state, action: PayloadAction<boolean>) {
      state.changelogReady = action.payload;
    },
  },
  extraReducers: (builder) => {
    // The root reducer resets everything on logout; the local settings are re-read from storage then.
    builder.addCase(loggedOut, () => initialGeneralState());
  },
  selectors: {
    selectArchive: (state) => state.archive,
    selectCondominium: (state) => state.condominium,
    selectEsercizio: (state) => state.esercizio,
    selectConnectionStatus: (state) => state.connectionStatus,
    selectIsMobile: (state) => state.viewport.isMobileScreen,
    selectViewport: (state) => state.viewport,
    selectSidebarExpanded: (state) => state.localUserSettings.appereance.sidebarExpanded,
    selectLocalUserSettings: (state) => state.localUserSettings,
    selectMioCondominioInfo: (state) => state.mioCondominioInfo,
    selectLastAccessPending: (state) => state.lastAccessPending,
    selectRefresh: (state) => state.refresh,
  },
});

export const {
  archiveSet,
  archiveUnset,
  condominiumSet,
  esercizioSet,
  connectionChanged,
  viewportChanged,
  routeDataRefreshed,
  entityDetailsRefreshed,
  sidebarToggled,
  lastAccessStarted,
  lastAccessFinished,
  changelogReadyChanged,
} = generalSlice.actions;

export const {
  selectArchive,
  selectCondominium,
  selectEsercizio,
  selectConnectionStatus,
  selectIsMobile,
  selectViewport,
  selectSidebarExpanded,
  selectLocalUserSettings,
  selectMioCondominioInfo,
  selectLastAccessPending,
  selectRefresh,
} = generalSlice.selectors;
