import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CondominiumCreateModal } from '../../../features/condominiums/components/condominium-create-modal.tsx';
import { CondominiumList } from '../../../features/condominiums/components/condominium-list.tsx';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { modalClosed, modalOpened, selectModalOpen } from '../../state/modals-slice.ts';

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
      <CondominiumCreateModal opened={creating} onClose={() => dispatch(modalClosed('addCondominium'))} />
    </>
  );
}

export { CondominiumsPage as Component };
