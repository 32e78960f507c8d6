import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CondominiumList } from '../../../features/condominiums/components/condominium-list.tsx';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { modalClosed, modalOpened, selectModalOpen } from '../../../shared/state/modals-slice.ts';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { OnceOpened } from '../../layout/lazy-layers.tsx';

// The form loads when it first opens, not with the list.
const CondominiumCreateModal = lazyNamed(
  () => import('../../../features/condominiums/components/condominium-create-modal.tsx'),
  'CondominiumCreateModal',
);

export function CondominiumsPage() {
  const { t } = useTranslation('condominiums');
  const dispatch = useAppDispatch();
  const creating = useAppSelector((state) => selectModalOpen(state, 'addCondominium'));
  const create = () => dispatch(modalOpened('addCondominium'));
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
            {t('new')}
          </Button>
        }
      />
      <CondominiumList onCreate={create} />
      <OnceOpened opened={creating}>
        <CondominiumCreateModal opened={creating} onClose={() => dispatch(modalClosed('addCondominium'))} />
      </OnceOpened>
    </>
  );
}

export { CondominiumsPage as Component };
