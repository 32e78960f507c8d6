import { offlineTexts } from './texts.ts';

/**
 * The offline queue (spec section 9: local storage holds the offline queue). Every write made while
 * the connection is missing (or whose answer was lost) is kept here, in order, with the
 * Idempotency-Key it was (or will be) sent with: the server applies it once however often it is
 * sent (decision 0021). Entries belong to the account and archive they were made in.
 */

export const QUEUE_STORAGE_KEY = 'stabile.offlineQueue';

export type QueuedState = 'pending' | 'sending' | 'refused';

export interface QueuedReason {
  code: number;
  status: number;
  message: string;
}

export interface QueuedWrite {
  /** Local id of the entry (also its React key). */
  id: string;
  /** The Idempotency-Key sent with it: a new one only when the user retries on a new version. */
  key: string;
  account: string;
  archiveId: number | null;
  method: string;
  /** Path and query string. */
  url: string;
  body: unknown;
  createdAt: string;
  state: QueuedState;
  reason?: QueuedReason;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: QueuedWrite[] | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is QueuedWrite {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.key === 'string' &&
    typeof v.account === 'string' &&
    typeof v.method === 'string' &&
    typeof v.url === 'string' &&
    (v.state === 'pending' || v.state === 'sending' || v.state === 'refused')
  );
}

function read(): QueuedWrite[] {
  if (cache) return cache;
  let entries: QueuedWrite[] = [];
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(QUEUE_STORAGE_KEY) ?? '[]');
    // An entry left 'sending' by a closed page was maybe applied: it is sent again with its key.
    if (Array.isArray(parsed))
      entries = parsed
        .filter(isEntry)
        .map((e) => (e.state === 'sending' ? { ...e, state: 'pending' as const } : e));
  } catch {
    entries = [];
  }
  cache = entries;
  return entries;
}

function write(entries: QueuedWrite[]): void {
  cache = entries;
  try {
    storage()?.setItem(QUEUE_STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // quota exceeded: the queue keeps working from memory for this page
  }
  for (const listener of listeners) listener();
}

// Another tab of the same app changed the queue: read it again.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== QUEUE_STORAGE_KEY) return;
    cache = null;
    for (const listener of listeners) listener();
  });
}

export function newIdempotencyKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `web-${random}`;
}

export const offlineQueue = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Every entry, oldest first (a stable array between changes, for useSyncExternalStore). */
  all: (): QueuedWrite[] => read(),
  of: (account: string | null): QueuedWrite[] => read().filter((e) => e.account === account),
  add(entry: Omit<QueuedWrite, 'id' | 'createdAt' | 'state'>): QueuedWrite {
    const created: QueuedWrite = {
      ...entry,
      id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
      createdAt: new Date().toISOString(),
      state: 'pending',
    };
    // The same write is never queued twice: neither the same key, nor an identical write still
    // waiting (a form submitted again while offline).
    const same = read().find(
      (e) =>
        e.state === 'pending' &&
        e.account === entry.account &&
        e.archiveId === entry.archiveId &&
        e.method === entry.method &&
        e.url === entry.url &&
        JSON.stringify(e.body) === JSON.stringify(entry.body),
    );
    if (same) return same;
    write([...read().filter((e) => e.key !== entry.key), created]);
    return created;
  },
  update(id: string, change: Partial<QueuedWrite>): void {
    write(read().map((e) => (e.id === id ? { ...e, ...change } : e)));
  },
  remove(id: string): void {
    write(read().filter((e) => e.id !== id));
  },
  /** Test hook. */
  resetForTests(): void {
    cache = null;
    storage()?.removeItem(QUEUE_STORAGE_KEY);
    for (const listener of listeners) listener();
  },
};

/** The activity an entry writes to, when it is one (for the badge on its row and drawer). */
export function activityOf(entry: QueuedWrite): number | null {
  const match = /^\/api\/attivita\/(\d+)(?:[/?]|$)/.exec(entry.url);
  return match ? Number(match[1]) : null;
}

const LABELS: Array<[string, RegExp, string]> = [
  ['POST', /^\/api\/attivita(?:\?|$)/, offlineTexts.label.newActivity],
  ['POST', /^\/api\/attivita\/\d+\/eventi\/nota(?:\?|$)/, offlineTexts.label.note],
  ['PUT', /^\/api\/attivita\/\d+\/stato/, offlineTexts.label.state],
  ['PUT', /^\/api\/attivita\/\d+\/gestore/, offlineTexts.label.manager],
  ['PUT', /^\/api\/attivita\/\d+\/eventi\/descrizione/, offlineTexts.label.description],
  ['PUT', /^\/api\/attivita\/\d+(?:\?|$)/, offlineTexts.label.activityEdit],
  ['DELETE', /^\/api\/attivita\/\d+(?:\?|$)/, offlineTexts.label.activityDelete],
  ['POST', /^\/api\/persone(?:\?|$)/, offlineTexts.label.newContact],
  ['PUT', /^\/api\/persone\//, offlineTexts.label.contact],
];

/** A short Italian name of the write, with the title or text it carries when it has one. */
export function labelOf(entry: Pick<QueuedWrite, 'method' | 'url' | 'body'>): string {
  const found = LABELS.find(([method, pattern]) => method === entry.method && pattern.test(entry.url));
  const base = found?.[2] ?? offlineTexts.label.generic;
  const body = (entry.body ?? {}) as Record<string, unknown>;
  const detail = [body.titolo, body.testo, body.nome, body.ragioneSociale].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  );
  return detail ? `${base}: ${detail.length > 60 ? `${detail.slice(0, 59)}…` : detail}` : base;
}
