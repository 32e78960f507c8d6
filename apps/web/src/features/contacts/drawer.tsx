import { Area } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { ContactDetail } from './components/contact-detail.tsx';

function ContactDrawer({ id, onClose }: EntityDrawerContentProps) {
  return <ContactDetail id={Number(id)} onClose={onClose} />;
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
