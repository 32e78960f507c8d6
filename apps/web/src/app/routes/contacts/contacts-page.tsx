import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactList } from '../../../features/contacts/components/contact-list.tsx';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { modalOpened } from '../../../shared/state/modals-slice.ts';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { OnceModalOpened } from '../../layout/lazy-layers.tsx';

// The form loads when it first opens, not with the list.
const ContactCreateModal = lazyNamed(
  () => import('../../../features/contacts/components/contact-create-modal.tsx'),
  'ContactCreateModal',
);

/** /contacts: header with the create action, the list, the "addContact" modal. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const dispatch = useAppDispatch();
  const create = () => dispatch(modalOpened('addContact'));
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
      <ContactList onCreate={create} />
      <OnceModalOpened kind="addContact">
        <ContactCreateModal />
      </OnceModalOpened>
    </>
  );
}

export { ContactsPage as Component };
