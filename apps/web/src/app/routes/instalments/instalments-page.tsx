import { Button, Group, Select, Stack } from '@mantine/core';
import { IconPlus, IconPrinter } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCondominiumsOverviewQuery } from '../../../features/condominiums/condominiums-api.ts';
import { InstalmentGroups } from '../../../features/instalments/components/instalment-groups.tsx';
import { useRataEserciziQuery } from '../../../features/instalments/instalments-api.ts';
import {
  type InstalmentFilters,
  instalmentFiltersChanged,
  instalmentPageChanged,
  selectInstalmentFilters,
} from '../../../features/instalments/instalments-slice.ts';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { sessionStore } from '../../../shared/session/session-storage.ts';
import { selectArchive } from '../../../shared/state/general-slice.ts';
import { entityDetailsClosed } from '../../../shared/state/modals-slice.ts';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { OnceOpened } from '../../layout/lazy-layers.tsx';

// The forms load when they first open, not with the list.
const NewInstalmentModal = lazyNamed(
  () => import('../../../features/instalments/components/new-instalment-modal.tsx'),
  'NewInstalmentModal',
);
const PrintSettingsModal = lazyNamed(
  () => import('../../../features/instalments/components/print-settings-modal.tsx'),
  'PrintSettingsModal',
);

export function InstalmentsPage() {
  const { t } = useTranslation('instalments');
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectInstalmentFilters);
  const condominiums = useCondominiumsOverviewQuery({ gestiti: true });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [newOpen, setNewOpen] = useState(false);
  const exercises = useRataEserciziQuery(filters.condominioId ?? 0, { skip: !filters.condominioId });
  const esercizio = exercises.data?.find((e) => e.id === filters.esercizioId);
  const condominio = condominiums.data?.find((c) => c.id === filters.condominioId);
  const change = useCallback(
    (value: Partial<Omit<InstalmentFilters, 'pageNumber'>>) => dispatch(instalmentFiltersChanged(value)),
    [dispatch],
  );
  const page = useCallback((n: number) => dispatch(instalmentPageChanged(n)), [dispatch]);
  const archiveId = useAppSelector(selectArchive)?.id;
  useStartingCondominium(archiveId, condominiums.data, filters.condominioId, change);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} aria-hidden />}
              onClick={() => setSettingsOpen(true)}
            >
              {t('printSettingsTitle')}
            </Button>
            {/* A closed exercise takes no new instalments: its name in the exercise list says "(chiuso)". */}
            {esercizio && !esercizio.chiuso && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setNewOpen(true)}>
                {t('newInstalment')}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="md">
        <Select
          label={t('condominio')}
          placeholder={t('condominioPlaceholder')}
          data={(condominiums.data ?? []).map((c) => ({ value: String(c.id), label: c.intestazione }))}
          value={filters.condominioId ? String(filters.condominioId) : null}
          onChange={(value) => change({ condominioId: value ? Number(value) : null })}
          searchable
          nothingFoundMessage={t('common:noResults')}
          w={{ base: '100%', sm: 420 }}
        />
        <InstalmentGroups
          filters={filters}
          onFiltersChange={change}
          onPageChange={page}
          // Spec section 2: choosing the grouping closes any open entity detail.
          onGroupTypeChange={() => dispatch(entityDetailsClosed())}
        />
      </Stack>
      <OnceOpened opened={settingsOpen}>
        <PrintSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
      </OnceOpened>
      {esercizio && filters.condominioId && (
        <OnceOpened opened={newOpen}>
          <NewInstalmentModal
            opened={newOpen}
            onClose={() => setNewOpen(false)}
            condominioId={filters.condominioId}
            esercizio={esercizio}
            condominioName={condominio?.intestazione ?? ''}
          />
        </OnceOpened>
      )}
    </>
  );
}

/**
 * The page opens on the condominium last chosen on it in this archive (on this device), or on the only
 * one the archive manages: an administrator comes back to the same condominium's instalments day after
 * day. Once per visit: a condominium the user clears stays cleared.
 */
function useStartingCondominium(
  archiveId: number | undefined,
  condominiums: ReadonlyArray<{ id: number }> | undefined,
  condominioId: number | null,
  change: (value: { condominioId: number }) => void,
) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current || archiveId === undefined || !condominiums) return;
    started.current = true;
    if (condominioId) return;
    const remembered = sessionStore.readInstalmentsCondominium(archiveId);
    const start =
      condominiums.find((c) => c.id === remembered) ??
      (condominiums.length === 1 ? condominiums[0] : undefined);
    if (start) change({ condominioId: start.id });
  }, [archiveId, condominiums, condominioId, change]);
  useEffect(() => {
    if (archiveId !== undefined && condominioId)
      sessionStore.writeInstalmentsCondominium(archiveId, condominioId);
  }, [archiveId, condominioId]);
}

export { InstalmentsPage as Component };
