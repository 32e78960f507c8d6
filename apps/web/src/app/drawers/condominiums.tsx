import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';

// The detail with the other areas' tabs, in one chunk as before.
const CondominiumDetail = lazyNamed(
  () => import('./compose/condominium-detail.tsx'),
  'CondominiumDetailWithSections',
);

function CondominiumDrawer({ id, onClose }: EntityDrawerContentProps) {
  return <CondominiumDetail id={Number(id)} onClose={onClose} />;
}

// Condominiums are archive-wide: no permission area.
export const drawers: EntityDrawerDefinition[] = [
  {
    kind: 'condominio',
    size: 'xl',
    title: () => i18n.t('condominiums:drawerTitle'),
    Component: CondominiumDrawer,
  },
];
