import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { nullUnlessQueued } from '../../../shared/offline/queued-error.ts';
import { modalClosed, selectModalOpen } from '../../../shared/state/modals-slice.ts';
import { RegistryCreateModal } from '../../../shared/ui/registry/registry-create-modal.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useCreateContactMutation } from '../contacts-api.ts';
import { ContactForm } from './contact-form.tsx';

/** The "addContact" modal: a new contact, created after a confirmation (spec section 2). */
export function ContactCreateModal() {
  const { t } = useTranslation('contacts');
  const dispatch = useAppDispatch();
  const opened = useAppSelector((state) => selectModalOpen(state, 'addContact'));
  const [create, { isLoading }] = useCreateContactMutation();
  const openDetails = useOpenEntityDetails();
  return (
    <RegistryCreateModal
      opened={opened}
      onClose={() => dispatch(modalClosed('addContact'))}
      title={t('new')}
      Form={ContactForm}
      creating={isLoading}
      onCreate={(body) => create(body).unwrap().catch(nullUnlessQueued)}
      onCreated={(record) => openDetails('persona', record.id)}
      confirm={{
        title: t('confirmCreateTitle'),
        text: (descr) => t('confirmCreateText', { descr }),
        action: t('confirmCreate'),
      }}
    />
  );
}
