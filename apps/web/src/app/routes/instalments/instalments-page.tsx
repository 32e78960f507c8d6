import { Button, Select, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCondominiumsOverviewQuery } from '../../../features/condominiums/condominiums-api.ts';
import { InstalmentGroups } from '../../../features/instalments/components/instalment-groups.tsx';
import { PrintSettingsModal } from '../../../features/instalments/components/print-settings-modal.tsx';
import {
  type InstalmentFilters,
  instalmentFiltersChanged,
  instalmentPageChanged,
  selectInstalmentFilters,
} from '../../../features/instalments/instalments-slice.ts';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { entityDetailsClosed } from '../../state/modals-slice.ts';

export function InstalmentsPage() {
  const { t } = useTranslation('instalments');
  const dispatch = useAppDispatch();
  const filters = useAppSelector(selectInstalmentFilters);
  const condominiums = useCondominiumsOverviewQuery({ gestiti: true });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const change = useCallback(
    (value: Partial<Omit<InstalmentFilters, 'pageNumber'>>) => dispatch(instalmentFiltersChanged(value)),
    [dispatch],
  );
  const page = useCallback((n: number) => dispatch(instalmentPageChanged(n)), [dispatch]);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => setSettingsOpen(true)}
          >
            {t('printSettingsTitle')}
          </Button>
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
      <PrintSettingsModal opened={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}

export { InstalmentsPage as Component };
