import { Drawer, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks.ts';
import { EntityDrawerError } from '../../shared/ui/entity-drawer-error.tsx';
import { type EntityDrawerDefinition, formatDetailParam } from '../../shared/ui/entity-drawer-types.ts';
import { ErrorBoundary } from '../../shared/ui/error-boundary.tsx';
import { drawerHasUnsavedChanges, useGuardedClose } from '../../shared/ui/unsaved-changes.tsx';
import { confirmUploadExit } from '../../shared/ui/upload-exit.tsx';
import { type EntityDetailsRef, entityDetailsClosed } from '../state/modals-slice.ts';

export interface EntityDrawerPanelProps {
  opened: boolean;
  details: EntityDetailsRef | null;
  definition: EntityDrawerDefinition | undefined;
}

/** The entity drawer's panel (see entity-drawer.tsx, which decides what is open). */
export function EntityDrawerPanel({ opened, details, definition }: EntityDrawerPanelProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const close = () => dispatch(entityDetailsClosed());
  // Escape, the close button and a click outside ask first when an editor holds unsaved changes.
  const guard = useGuardedClose(drawerHasUnsavedChanges, close);

  return (
    <>
      {guard.confirmation}
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
    </>
  );
}
