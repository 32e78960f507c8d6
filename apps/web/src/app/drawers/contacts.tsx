import { Stack } from '@mantine/core';
import { Area, AttachmentReferenceType } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { HistoryTabs } from '../../shared/ui/history/history-tabs.tsx';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';

const EntityAttachments = lazyNamed(
  () => import('../../features/attachments/components/entity-attachments.tsx'),
  'EntityAttachments',
);

const ContactDetail = lazyNamed(
  () => import('../../features/contacts/components/contact-detail.tsx'),
  'ContactDetail',
);

function ContactDrawer({ id, onClose }: EntityDrawerContentProps) {
  return (
    <HistoryTabs kind="contatto" id={Number(id)}>
      <Stack gap="lg">
        <ContactDetail id={Number(id)} onClose={onClose} />
        <EntityAttachments tipo={AttachmentReferenceType.Person} id={Number(id)} />
      </Stack>
    </HistoryTabs>
  );
}

export const drawers: EntityDrawerDefinition[] = [
  {
    kind: 'persona',
    area: Area.People,
    size: 'xl',
    title: () => i18n.t('contacts:drawerTitle'),
    Component: ContactDrawer,
  },
];
