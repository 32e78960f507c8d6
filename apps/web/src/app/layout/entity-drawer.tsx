import { Drawer, Loader } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { isAreaAllowed } from '../../shared/state/auth-slice.ts';
import {
  entityDetailsClosed,
  entityDetailsOpened,
  selectEntityDetails,
} from '../../shared/state/modals-slice.ts';
import { EntityDrawerError } from '../../shared/ui/entity-drawer-error.tsx';
import {
  DETAIL_PARAM,
  type EntityDrawerDefinition,
  type EntityDrawerModule,
  formatDetailParam,
  parseDetailParam,
} from '../../shared/ui/entity-drawer-types.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { drawerHasUnsavedChanges, useGuardedClose } from '../../shared/ui/unsaved-changes.tsx';
import { confirmUploadExit } from '../../shared/ui/upload-exit.tsx';
import { OnceOpened } from './lazy-layers.tsx';

// Every app/drawers/<area>.tsx registers its kinds (see shared/ui/entity-drawer-types.ts).
const modules = import.meta.glob<EntityDrawerModule>(['../drawers/*.tsx', '!../drawers/*.test.tsx'], {
  eager: true,
});
export const drawerRegistry: Map<string, EntityDrawerDefinition> = new Map(
  Object.values(modules).flatMap((module) => module.drawers.map((drawer) => [drawer.kind, drawer] as const)),
);

/** The detail parameter as the browser holds it now (the router's copy lags behind a transition). */
function liveDetailParam(): string | null {
  return new URLSearchParams(window.location.search).get(DETAIL_PARAM);
}

/**
 * Keeps the modals slice and `?dettaglio=kind:id` in step: the URL wins on navigation (so a route
 * change without the parameter clears the open detail), the slice wins when a feature opens one.
 *
 * React Router renders a URL change inside a transition, so the `params` seen here can lag behind
 * the address bar: open-then-close quickly would otherwise render the stale "open" URL after the
 * close and reopen the drawer. Both directions therefore compare against the live URL.
 */
function useDetailUrlSync(): void {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const current = useAppSelector(selectEntityDetails);
  const fromUrl = params.get(DETAIL_PARAM);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the URL changes, reading the slice as it is then.
  useEffect(() => {
    if (fromUrl !== liveDetailParam()) return; // a stale render: the newer URL is on its way
    const parsed = parseDetailParam(fromUrl);
    if (!parsed && current) dispatch(entityDetailsClosed());
    else if (parsed && (!current || formatDetailParam(current) !== fromUrl))
      dispatch(entityDetailsOpened(parsed));
  }, [fromUrl]);

  // Mirrors the slice into the URL only when the slice itself changed: on a reload or a pasted
  // link the slice starts empty while the URL already names the drawer, and must not erase it.
  const previous = useRef(current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the slice changes, reading the URL as it is then.
  useEffect(() => {
    if (previous.current === current) return;
    previous.current = current;
    const wanted = current ? formatDetailParam(current) : null;
    if (wanted === liveDetailParam()) return;
    const next = new URLSearchParams(window.location.search);
    if (wanted) next.set(DETAIL_PARAM, wanted);
    else next.delete(DETAIL_PARAM);
    const search = next.toString();
    navigate(
      { pathname: window.location.pathname, search: search ? `?${search}` : '', hash: window.location.hash },
      { replace: !wanted },
    );
  }, [current]);
}

export function EntityDrawer() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const details = useAppSelector(selectEntityDetails);
  const auth = useAppSelector((state) => state.auth);
  useDetailUrlSync();

  const definition = details ? drawerRegistry.get(details.kind) : undefined;
  const allowed = definition ? isAreaAllowed(auth, definition.area) : false;
  const opened = Boolean(details && definition && allowed);
  const close = () => dispatch(entityDetailsClosed());
  // Escape, the close button and a click outside ask first when an editor holds unsaved changes.
  const guard = useGuardedClose(drawerHasUnsavedChanges, close);

  return (
    <>
      {guard.confirmation}
      {/* Mounted from its first opening (a closed Mantine drawer still mounts its portal), then kept
          so that it can play its closing transition. */}
      <OnceOpened opened={opened}>
        <Drawer
          opened={opened}
          // Files still uploading in the drawer ask first, then unsaved changes.
          onClose={() => confirmUploadExit(guard.requestClose)}
          position="right"
          size={definition?.size ?? 'lg'}
          title={definition && details ? definition.title(details.id) : t('detailsTitle')}
          closeButtonProps={{ 'aria-label': t('close') }}
        >
          {definition && details && (
            <ErrorBoundary
              resetKey={formatDetailParam(details)}
              fallback={(reset) => <EntityDrawerError onRetry={reset} />}
            >
              <Suspense fallback={<Loader size="sm" role="status" aria-label={t('loading')} />}>
                <definition.Component key={formatDetailParam(details)} id={details.id} onClose={close} />
              </Suspense>
            </ErrorBoundary>
          )}
        </Drawer>
      </OnceOpened>
    </>
  );
}
