import { Suspense, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { onFirstPopstate } from './first-popstate.ts';
import { lazyNamed } from './lazy-named.ts';

// The confirmation (a modal) loads the first time it is needed, not with every page.
const LeaveConfirmation = lazyNamed(() => import('./unsaved-changes.tsx'), 'LeaveConfirmation');

/*
 * "Confirm exit of incomplete upload" (spec section 2, Modals). Each upload area with files still
 * waiting or loading reports itself here with a way to stop them. Leaving while any is running (closing
 * the drawer or the dossier, following a link of the app, the browser's back and forward) asks first:
 * stay, or stop the uploads and leave. Closing the browser's tab is guarded by the upload area itself
 * (beforeunload).
 */
const running = new Map<string, () => void>();
let pendingLeave: (() => void) | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

/** Reports that this upload area has files waiting or loading; `stop` aborts them. */
export function useUploadInProgress(active: boolean, stop: () => void): void {
  const id = useId();
  const latest = useRef(stop);
  latest.current = stop;
  useEffect(() => {
    if (!active) return;
    running.set(id, () => latest.current());
    return () => {
      running.delete(id);
    };
  }, [active, id]);
}

export function uploadsInProgress(): boolean {
  return running.size > 0;
}

/** Leaves at once when nothing is uploading; otherwise asks first and leaves only if the user agrees. */
export function confirmUploadExit(leave: () => void): void {
  if (!uploadsInProgress()) {
    leave();
    return;
  }
  pendingLeave = leave;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const isAsking = () => pendingLeave !== null;

/** A click on a link of the app while files are uploading: the link waits for the user's answer. */
function useLinkGuard() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!uploadsInProgress() || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      confirmUploadExit(() => navigate(`${url.pathname}${url.search}${url.hash}`));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [navigate]);
}

/** React Router keeps the index of each history entry it made in `history.state.idx`. */
function entryIndex(): number | null {
  const idx = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * The browser's back and forward while files are uploading. The app's router is not a data router
 * (its blocker would add some 18 kB of gzip to every page), so the move is undone here before the
 * router sees it (first-popstate.ts): the entry shown is restored, and the move is made again only if
 * the user agrees.
 */
function useHistoryGuard() {
  const location = useLocation();
  const shown = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the entry's index changes with the location
  useEffect(() => {
    shown.current = entryIndex();
  }, [location]);
  useEffect(() => {
    let restoring = false;
    const onPop = (event: PopStateEvent) => {
      if (restoring) {
        // The entry put back: the router still shows it.
        restoring = false;
        event.stopImmediatePropagation();
        return;
      }
      if (!uploadsInProgress()) return;
      const from = shown.current;
      const to = entryIndex();
      if (from === null || to === null || from === to) return;
      event.stopImmediatePropagation();
      const delta = from - to;
      restoring = true;
      window.history.go(delta);
      confirmUploadExit(() => window.history.go(-delta));
    };
    return onFirstPopstate(onPop);
  }, []);
}

/** Mounted once in the main layout. */
export function UploadExitModal() {
  const { t } = useTranslation('common');
  const asking = useSyncExternalStore(subscribe, isAsking, isAsking);
  useLinkGuard();
  useHistoryGuard();
  const stay = () => {
    pendingLeave = null;
    emit();
  };
  const leave = () => {
    const next = pendingLeave;
    pendingLeave = null;
    for (const stop of [...running.values()]) stop();
    running.clear();
    emit();
    next?.();
  };
  if (!asking) return null;
  return (
    <Suspense fallback={null}>
      <LeaveConfirmation
        opened={asking}
        title={t('uploadExitTitle')}
        text={t('uploadExitText')}
        keepLabel={t('uploadExitStay')}
        leaveLabel={t('uploadExitLeave')}
        onKeep={stay}
        onLeave={leave}
      />
    </Suspense>
  );
}
