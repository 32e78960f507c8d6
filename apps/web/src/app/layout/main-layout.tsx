import { AppShell } from '@mantine/core';
import { LAYOUT_SIZES } from '@stabile/contract';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../shared/hooks.ts';
import { selectIsMobile, selectSidebarExpanded } from '../../shared/state/general-slice.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { UploadExitModal } from '../../shared/ui/upload-exit.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { EntityDrawer } from './entity-drawer.tsx';
import { ErrorPanel } from './error-panel.tsx';
import {
  LazyDatabaseNotUpdatedModal,
  LazyPidNotEnabledModal,
  LazyReportModal,
  OnceOpened,
  WhatsNewDrawer,
  whatsNewEnabled,
} from './lazy-layers.tsx';
import { PageLoader } from './page-loader.tsx';
import { PushBanner } from './push-banner.tsx';
import { SearchPaletteHost } from './search-launcher.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useLastAccess } from './use-last-access.ts';

/** Main layout: top bar, sidebar (desktop) or bottom bar (mobile), the page, drawers and modals. */
export function MainLayout() {
  const mobile = useAppSelector(selectIsMobile);
  const expanded = useAppSelector(selectSidebarExpanded);
  const [whatsNewOpen, setWhatsNewOpen] = useState(false);
  const { pathname } = useLocation();
  useLastAccess();

  return (
    <AppShell
      header={{ height: LAYOUT_SIZES.header }}
      navbar={
        mobile
          ? undefined
          : { width: expanded ? LAYOUT_SIZES.navbarExpanded : LAYOUT_SIZES.navbarCollapsed, breakpoint: 0 }
      }
      footer={mobile ? { height: LAYOUT_SIZES.bottomBar } : undefined}
      padding="md"
    >
      <AppShell.Header>
        <TopBar onOpenWhatsNew={whatsNewEnabled() ? () => setWhatsNewOpen(true) : undefined} />
      </AppShell.Header>
      {!mobile && (
        <AppShell.Navbar>
          <Sidebar />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPanel />}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
        <PushBanner />
      </AppShell.Main>
      {mobile && (
        <AppShell.Footer>
          <BottomBar />
        </AppShell.Footer>
      )}
      <EntityDrawer />
      <LazyDatabaseNotUpdatedModal />
      <LazyPidNotEnabledModal />
      <LazyReportModal />
      <UploadExitModal />
      <SearchPaletteHost />
      {whatsNewEnabled() && (
        <OnceOpened opened={whatsNewOpen}>
          <WhatsNewDrawer opened={whatsNewOpen} onClose={() => setWhatsNewOpen(false)} />
        </OnceOpened>
      )}
    </AppShell>
  );
}
