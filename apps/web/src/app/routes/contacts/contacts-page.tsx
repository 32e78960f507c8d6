import { ContactList } from '../../../features/contacts/components/contact-list.tsx';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { RegistryPage } from '../registry-page.tsx';

const ContactCreateModal = lazyNamed(
  () => import('../../../features/contacts/components/contact-create-modal.tsx'),
  'ContactCreateModal',
);

/** /contacts: the contacts' list, the "addContact" modal. */
export function ContactsPage() {
  return (
    <RegistryPage ns="contacts" modal="addContact" List={ContactList} CreateModal={ContactCreateModal} />
  );
}

export { ContactsPage as Component };
