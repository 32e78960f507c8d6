import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { nullUnlessQueued } from '../../../shared/offline/queued-error.ts';
import { modalClosed, selectModalOpen } from '../../../shared/state/modals-slice.ts';
import { RegistryCreateModal } from '../../../shared/ui/registry/registry-create-modal.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useCreateProviderMutation } from '../providers-api.ts';
import { ProviderForm } from './provider-form.tsx';

/** The "addProvider" modal: a new provider, then its drawer. */
export function ProviderCreateModal() {
  const { t } = useTranslation('providers');
  const dispatch = useAppDispatch();
  const opened = useAppSelector((state) => selectModalOpen(state, 'addProvider'));
  const [create, { isLoading }] = useCreateProviderMutation();
  const openDetails = useOpenEntityDetails();
  return (
    <RegistryCreateModal
      opened={opened}
      onClose={() => dispatch(modalClosed('addProvider'))}
      title={t('new')}
      Form={ProviderForm}
      creating={isLoading}
      onCreate={(body) => create(body).unwrap().catch(nullUnlessQueued)}
      onCreated={(record) => openDetails('fornitore', record.id)}
    />
  );
}
