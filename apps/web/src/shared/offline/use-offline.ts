import { useMemo, useSyncExternalStore } from 'react';
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
