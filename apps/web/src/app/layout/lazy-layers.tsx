import type { AppEnvironment } from '@stabile/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { type ModalKind, selectModalOpen } from '../../shared/state/modals-slice.ts';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';

/*
 * The layout's modals and drawers that a page does not need at first paint: each loads the first time
 * it opens and stays mounted afterwards (so that it can play its closing transition).
 */

/** Renders `children` from the first time `opened` is true. */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(opened);
  if (opened && !seen) setSeen(true);
  return seen || opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Renders `children` from the first time the store's modal `kind` opens. */
export function OnceModalOpened({ kind, children }: { kind: ModalKind; children: ReactNode }) {
  const opened = useAppSelector((state) => selectModalOpen(state, kind));
  return <OnceOpened opened={opened}>{children}</OnceOpened>;
}

const ReportModal = lazyNamed(
  () => import('../../features/reports/components/report-modal.tsx'),
  'ReportModal',
);
const PidNotEnabledModal = lazyNamed(
  () => import('../../features/archives/components/pid-not-enabled-modal.tsx'),
  'PidNotEnabledModal',
);
const DatabaseNotUpdatedModal = lazyNamed(
  () => import('../../features/archives/components/database-not-updated-modal.tsx'),
  'DatabaseNotUpdatedModal',
);
/** Spec section 1: the what's-new panel exists only in the beta and production environments. */
export function whatsNewEnabled(): boolean {
  const env = (import.meta.env.VITE_APP_ENV as AppEnvironment | undefined) ?? 'production';
  return env === 'production' || env === 'beta';
}

export const WhatsNewDrawer = lazyNamed(() => import('./whats-new-drawer.tsx'), 'WhatsNewDrawer');
/** The archive chooser, shown after login until an archive is chosen. */
export const ArchiveChooserScreen = lazy(() => import('./archive-chooser-screen.tsx'));

export function LazyReportModal() {
  return (
    <OnceModalOpened kind="report">
      <ReportModal />
    </OnceModalOpened>
  );
}

export function LazyPidNotEnabledModal() {
  return (
    <OnceModalOpened kind="pidNotEnabled">
      <PidNotEnabledModal />
    </OnceModalOpened>
  );
}

export function LazyDatabaseNotUpdatedModal() {
  return (
    <OnceModalOpened kind="databaseNotUpdated">
      <DatabaseNotUpdatedModal />
    </OnceModalOpened>
  );
}
