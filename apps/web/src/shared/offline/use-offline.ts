import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../session/session-storage.ts';
import { offlineQueue, type QueuedWrite } from './queue.ts';
import { staleData } from './read-cache.ts';

/** The offline queue's writes of the account logged in on this device, oldest first. */
export function useQueuedWrites(): QueuedWrite[] {
  const all = useSyncExternalStore(offlineQueue.subscribe, offlineQueue.all, offlineQueue.all);
  return useMemo(() => {
    const account = sessionStore.readSession()?.username ?? null;
    return all.filter((entry) => entry.account === account);
  }, [all]);
}

/** When the oldest answer shown from the device was saved; null when everything shown is fresh. */
export function useStaleSince(): string | null {
  return useSyncExternalStore(staleData.subscribe, staleData.since, staleData.since);
}

function subscribeConnection(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
/** Whether the browser says it is connected (navigator.onLine). */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Whether the browser is connected; re-renders when that changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOnline, () => true);
}

/**
 * The text of a read that failed: offline, a page or record never opened on this device is not an
 * error of the app but data not yet on the device, and it says so (it loads again by itself when the
 * connection returns).
 */
export function useLoadFailedText(): string {
  const { t } = useTranslation('common');
  return useOnline() ? t('loadingFailed') : t('loadingFailedOffline');
}
