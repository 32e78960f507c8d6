import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';

const InstalmentDetail = lazyNamed(
  () => import('../../features/instalments/components/instalment-detail.tsx'),
  'InstalmentDetail',
);

function InstalmentDrawer({ id }: EntityDrawerContentProps) {
  return <InstalmentDetail id={id} />;
}

export const drawers: EntityDrawerDefinition[] = [
  {
    kind: 'rata',
    size: 'xl',
    title: () => i18n.t('instalments:drawerTitle'),
    Component: InstalmentDrawer,
  },
];
