import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ContactCreateModal } from '../../../features/contacts/components/contact-create-modal.tsx';
import { ContactList } from '../../../features/contacts/components/contact-list.tsx';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { modalOpened } from '../../state/modals-slice.ts';

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
      <ContactCreateModal />
    </>
  );
}

export { ContactsPage as Component };
