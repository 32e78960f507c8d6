import type { ApiMeta } from '../api/api-types.ts';

/**
 * The last answer of each read, kept on the device (local storage) by account, archive and request:
 * when a read fails for lack of connection, the base query answers with it and the app says the data
 * are not up to date, instead of showing an error. Bounded: at most MAX_ENTRIES answers of at most
 * MAX_ANSWER_CHARS each, the least recently written dropped first.
 */

const PREFIX = 'stabile.offlineRead:';
const INDEX_KEY = 'stabile.offlineReadIndex';
const MAX_ENTRIES = 120;
const MAX_ANSWER_CHARS = 300_000;
// At most 2 million characters in all: well inside an origin's local storage (5-10 MB), so the
// session, the saved filters and the queue of writes made offline always find room.
const MAX_TOTAL_CHARS = 2_000_000;

interface Stored {
  data: unknown;
  meta: ApiMeta;
  savedAt: string;
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** When the app last showed an answer read from the device (null: everything shown is fresh). */
let staleSince: string | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The kept answers, oldest first, with their sizes in characters. */
function readIndex(store: Storage): Array<[string, number]> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(INDEX_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((entry): Array<[string, number]> => {
      if (typeof entry === 'string') return [[entry, MAX_ANSWER_CHARS]];
      if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number')
        return [[entry[0], entry[1]]];
      return [];
    });
  } catch {
    return [];
  }
}

export function readCacheKey(parts: {
  account: string | null;
  archiveId: number | null;
  method: string;
  url: string;
  params?: unknown;
  body?: unknown;
}): string {
  return JSON.stringify([
    parts.account,
    parts.archiveId,
    parts.method,
    parts.url,
    parts.params ?? null,
    parts.body ?? null,
  ]);
}

export const readCache = {
  save(key: string, data: unknown, meta: ApiMeta): void {
    const store = storage();
    if (!store) return;
    let text: string;
    try {
      text = JSON.stringify({ data, meta, savedAt: new Date().toISOString() } satisfies Stored);
    } catch {
      return;
    }
    if (text.length > MAX_ANSWER_CHARS) return;
    const index = readIndex(store).filter(([k]) => k !== key);
    index.push([key, text.length]);
    let total = index.reduce((sum, [, size]) => sum + size, 0);
    while (index.length > MAX_ENTRIES || total > MAX_TOTAL_CHARS) {
      const dropped = index.shift();
      if (!dropped) break;
      total -= dropped[1];
      store.removeItem(PREFIX + dropped[0]);
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        store.setItem(PREFIX + key, text);
        store.setItem(INDEX_KEY, JSON.stringify(index));
        return;
      } catch {
        // Quota: drop the older half and try again.
        const old = index.splice(0, Math.ceil(index.length / 2)).filter(([k]) => k !== key);
        for (const [k] of old) store.removeItem(PREFIX + k);
        if (!index.some(([k]) => k === key)) index.push([key, text.length]);
      }
    }
  },
  load(key: string): Stored | null {
    try {
      const raw = storage()?.getItem(PREFIX + key);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Stored;
      return parsed && typeof parsed === 'object' && 'data' in parsed ? parsed : null;
    } catch {
      return null;
    }
  },
  /** At logout: the answers belong to the session that read them. */
  clear(): void {
    const store = storage();
    if (!store) return;
    for (const [k] of readIndex(store)) store.removeItem(PREFIX + k);
    store.removeItem(INDEX_KEY);
    markFresh();
  },
};

export function markStale(savedAt: string): void {
  if (staleSince !== null && staleSince <= savedAt) return;
  staleSince = savedAt;
  for (const listener of listeners) listener();
}

export function markFresh(): void {
  if (staleSince === null) return;
  staleSince = null;
  for (const listener of listeners) listener();
}

export const staleData = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The oldest save time of the answers shown from the device, or null. */
  since: (): string | null => staleSince,
};
