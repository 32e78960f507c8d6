import { Area, AttachmentReferenceType } from '@stabile/contract';
import type { EntityDrawerDefinition } from '../../shared/ui/entity-drawer-types.ts';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';
import { recordDrawer } from './compose/record-drawer.tsx';

const ContactDetail = lazyNamed(
  () => import('../../features/contacts/components/contact-detail.tsx'),
  'ContactDetail',
);

export const drawers: EntityDrawerDefinition[] = [
  recordDrawer({
    kind: 'persona',
    area: Area.People,
    title: 'contacts:drawerTitle',
    history: 'contatto',
    attachments: AttachmentReferenceType.Person,
    Detail: ContactDetail,
  }),
];
