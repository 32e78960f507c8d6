import { Area } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { ActivityDetail } from './components/activity-detail.tsx';

function ActivityDrawer({ id, onClose }: EntityDrawerContentProps) {
  return <ActivityDetail id={Number(id)} onClose={onClose} />;
}

export const drawers: EntityDrawerDefinition[] = [
  {
    kind: 'attivita',
    area: Area.Activities,
    size: 'xl',
    title: () => i18n.t('activities:drawerTitle'),
    Component: ActivityDrawer,
  },
];
