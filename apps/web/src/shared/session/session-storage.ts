import type { AccountInfo } from '@stabile/contract';

/**
 * Everything the web app keeps in the browser, in one place (spec section 9: archive in use, preferred
 * archive per user, web session, local user settings). The decision record 0002-web-session explains
 * what is kept where. Every read is defensive: a value that does not parse is treated as absent.
 */
export const StorageKey = {
  /** sessionStorage: the short-lived access token (per tab, gone when the tab closes). */
  accessToken: 'stabile.accessToken',
  /** localStorage: the web session marker (no secret): who is logged in and with which account. */
  session: 'stabile.session',
  /** localStorage: the archive in use. */
  archive: 'stabile.archive',
  /** localStorage: the preferred archive per user { [username]: archiveId }. */
  preferredArchives: 'stabile.preferredArchives',
  /** localStorage: local user settings (sidebar). Not login data: it survives logout. */
  settings: 'stabile.settings',
  /** localStorage: the push token registered for this device (removed from the server at logout). */
  deviceToken: 'stabile.deviceToken',
  /** localStorage: the condominium last chosen on the instalments page, per archive { [archiveId]: id }. */
  instalmentsCondominium: 'stabile.instalmentsCondominium',
} as const;

/** Cookie set when the push-notification banner is dismissed ('Non ora'). */
export const NOTIFICATION_DISMISSAL_COOKIE = 'stabile_notifiche';

export interface StoredSession {
  username: string;
  keepLogin: boolean;
  account: AccountInfo;
}

export interface StoredArchive {
  id: number;
  nome: string;
}

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed frame)
  }
}

function readJson<T>(
  storage: Storage | null,
  key: string,
  isValid: (value: unknown) => value is T,
): T | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

function writeJson(storage: Storage | null, key: string, value: unknown): void {
  try {
    if (value === null) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the app keeps working from memory
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStoredSession = (value: unknown): value is StoredSession =>
  isObject(value) && typeof value.username === 'string' && isObject(value.account);

const isStoredArchive = (value: unknown): value is StoredArchive =>
  isObject(value) && typeof value.id === 'number' && typeof value.nome === 'string';

const isNumberRecord = (value: unknown): value is Record<string, number> =>
  isObject(value) && Object.values(value).every((v) => typeof v === 'number');

export const sessionStore = {
  readAccessToken: (): string | null => safeStorage('session')?.getItem(StorageKey.accessToken) ?? null,
  writeAccessToken(token: string | null): void {
    const storage = safeStorage('session');
    try {
      if (token) storage?.setItem(StorageKey.accessToken, token);
      else storage?.removeItem(StorageKey.accessToken);
    } catch {
      // ignored: the token stays in memory
    }
  },
  readSession: () => readJson(safeStorage('local'), StorageKey.session, isStoredSession),
  writeSession: (session: StoredSession | null) =>
    writeJson(safeStorage('local'), StorageKey.session, session),
  readArchive: () => readJson(safeStorage('local'), StorageKey.archive, isStoredArchive),
  writeArchive: (archive: StoredArchive | null) =>
    writeJson(safeStorage('local'), StorageKey.archive, archive),
  readPreferredArchive(username: string): number | null {
    const all = readJson(safeStorage('local'), StorageKey.preferredArchives, isNumberRecord);
    return all?.[username.toLowerCase()] ?? null;
  },
  writePreferredArchive(username: string, archiveId: number): void {
    const all = readJson(safeStorage('local'), StorageKey.preferredArchives, isNumberRecord) ?? {};
    writeJson(safeStorage('local'), StorageKey.preferredArchives, {
      ...all,
      [username.toLowerCase()]: archiveId,
    });
  },
  /** The condominium last chosen on the instalments page of an archive, on this device. */
  readInstalmentsCondominium(archiveId: number): number | null {
    const all = readJson(safeStorage('local'), StorageKey.instalmentsCondominium, isNumberRecord);
    return all?.[String(archiveId)] ?? null;
  },
  writeInstalmentsCondominium(archiveId: number, condominioId: number): void {
    const all = readJson(safeStorage('local'), StorageKey.instalmentsCondominium, isNumberRecord) ?? {};
    writeJson(safeStorage('local'), StorageKey.instalmentsCondominium, {
      ...all,
      [String(archiveId)]: condominioId,
    });
  },
  readDeviceToken: (): string | null => safeStorage('local')?.getItem(StorageKey.deviceToken) ?? null,
  writeDeviceToken(token: string): void {
    try {
      safeStorage('local')?.setItem(StorageKey.deviceToken, token);
    } catch {
      // ignored
    }
  },
  readSettings<T>(isValid: (value: unknown) => value is T): T | null {
    return readJson(safeStorage('local'), StorageKey.settings, isValid);
  },
  writeSettings: (settings: unknown) => writeJson(safeStorage('local'), StorageKey.settings, settings),
  /**
   * Logout: removes every piece of login data this app stored (tokens, session marker, archive in use,
   * the notification dismissal cookie). The refresh cookie is httpOnly: the server clears it.
   * Preferences that are not login data (sidebar, preferred archive per user) stay.
   */
  clearLoginData(): void {
    safeStorage('session')?.removeItem(StorageKey.accessToken);
    safeStorage('local')?.removeItem(StorageKey.session);
    safeStorage('local')?.removeItem(StorageKey.archive);
    safeStorage('local')?.removeItem(StorageKey.deviceToken);
    deleteCookie(NOTIFICATION_DISMISSAL_COOKIE);
  },
};

export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, days: number): void {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari < 18.4.
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari < 18.4.
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}
