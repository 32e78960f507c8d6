import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ProviderList } from '../../../features/providers/components/provider-list.tsx';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { modalOpened } from '../../../shared/state/modals-slice.ts';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { OnceModalOpened } from '../../layout/lazy-layers.tsx';

// The form loads when it first opens, not with the list.
const ProviderCreateModal = lazyNamed(
  () => import('../../../features/providers/components/provider-create-modal.tsx'),
  'ProviderCreateModal',
);

/** /providers: header with the create action, the list, the "addProvider" modal. */
export function ProvidersPage() {
  const { t } = useTranslation('providers');
  const dispatch = useAppDispatch();
  const create = () => dispatch(modalOpened('addProvider'));
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
            {t('new')}
          </Button>
        }
      />
      <ProviderList onCreate={create} />
      <OnceModalOpened kind="addProvider">
        <ProviderCreateModal />
      </OnceModalOpened>
    </>
  );
}

export { ProvidersPage as Component };
