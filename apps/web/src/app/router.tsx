/**
 * The route table (spec section 2), in React Router's declarative mode (the data-router machinery
 * would cost /login 17 KB of gzip JavaScript for nothing this app uses).
 *
 * FOR FEATURE PAGES: a private page lives in `app/routes/<area>/<area>-page.tsx` and is lazy-loaded:
 * export the page component as `Component` (e.g. `export { ActivitiesPage as Component };`). The
 * route is wrapped in `<AreaRoute area={...}>`, which shows the not-allowed page when the archive user
 * lacks the permission (the sidebar hides the entry too). Pages render inside the main layout (top
 * bar, sidebar or bottom bar); the supplier's public page renders bare, with the store available.
 */
import type { Area } from '@stabile/contract';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { loadNamespaces, SHELL_NAMESPACES } from '../i18n/i18n.ts';
import { ErrorBoundary } from '../shared/ui/error-boundary.tsx';
import { BareLayout } from './layout/bare-layout.tsx';
import { ErrorPanel } from './layout/error-panel.tsx';
import { PageLoader } from './layout/page-loader.tsx';
import { LoginPage, MobileLoginPage } from './routes/login/login-page.tsx';

type PageModule = { Component: ComponentType };

/**
 * A lazy page: the module exports its page as `Component`. `namespaces` load alongside the page's
 * chunk and are there before it renders (not with a top-level await in the page's module: one
 * anywhere in the app turns off the bundler's merging of shared chunks, and every route then fetches
 * dozens of tiny files).
 */
function page(load: () => Promise<PageModule>, namespaces: string[] = []) {
  return lazy(() =>
    Promise.all([load(), namespaces.length > 0 && loadNamespaces(...namespaces)]).then(([module]) => ({
      default: module.Component,
    })),
  );
}

// Its texts are not bundled with /login: they load with the page.
const AttachmentPreviewPage = page(
  () =>
    import('./routes/attachment-preview/attachment-preview-page.tsx').then((m) => ({
      Component: m.AttachmentPreviewPage,
    })),
  ['attachments'],
);
const NotFoundPage = lazy(() =>
  import('./routes/not-found/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })),
);
const ForgotPasswordPage = page(() => import('./routes/forgot-password/forgot-password-page.tsx'));
// The shell's namespaces are there before the first private page renders; each page's own load
// with it (useTranslation suspends until they are in).
const StoreRoute = page(() => import('./store-route.tsx'), SHELL_NAMESPACES);
const PrivateArea = page(() => import('./layout/private-area.tsx'));
const AreaRoute = lazy(() => import('./layout/area-route.tsx').then((m) => ({ default: m.AreaRoute })));
const SupplierPage = page(() => import('./routes/supplier/supplier-page.tsx'));
const HomePage = page(() => import('./routes/home/home-page.tsx'));
const CondominiumsPage = page(() => import('./routes/condominiums/condominiums-page.tsx'));
const InstalmentsPage = page(() => import('./routes/instalments/instalments-page.tsx'));
const ActivitiesPage = page(() => import('./routes/activities/activities-page.tsx'));
const CommonPartsPage = page(() => import('./routes/common-parts/common-parts-page.tsx'));
const ContactsPage = page(() => import('./routes/contacts/contacts-page.tsx'));
const ProvidersPage = page(() => import('./routes/providers/providers-page.tsx'));

function guarded(area: keyof typeof Area, children: ReactNode) {
  return <AreaRoute area={area}>{children}</AreaRoute>;
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPanel />}>
      <Suspense fallback={<PageLoader fullScreen />}>
        <Routes>
          <Route element={<BareLayout />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/mobileLogin" element={<MobileLoginPage />} />
            <Route path="/forgotPassword" element={<ForgotPasswordPage />} />
          </Route>
          <Route path="/attachmentPreview" element={<AttachmentPreviewPage />} />
          <Route element={<StoreRoute />}>
            <Route element={<BareLayout />}>
              <Route path="/fornitore/:token" element={<SupplierPage />} />
            </Route>
            <Route element={<PrivateArea />}>
              <Route index element={<HomePage />} />
              <Route path="/condominiums" element={<CondominiumsPage />} />
              <Route path="/instalments" element={<InstalmentsPage />} />
              <Route path="/activities" element={guarded('Activities', <ActivitiesPage />)} />
              <Route path="/commonParts" element={guarded('Plants', <CommonPartsPage />)} />
              <Route path="/contacts" element={guarded('People', <ContactsPage />)} />
              <Route path="/providers" element={guarded('Providers', <ProvidersPage />)} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
