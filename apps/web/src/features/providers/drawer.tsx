import { Area } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { ProviderDetail } from './components/provider-detail.tsx';

function ProviderDrawer({ id, onClose }: EntityDrawerContentProps) {
  return <ProviderDetail id={Number(id)} onClose={onClose} />;
}

export const drawers: EntityDrawerDefinition[] = [
  {
    kind: 'fornitore',
    area: Area.Providers,
    size: 'xl',
    title: () => i18n.t('providers:drawerTitle'),
    Component: ProviderDrawer,
  },
];
