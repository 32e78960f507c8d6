import { Area, AttachmentReferenceType } from '@stabile/contract';
import type { EntityDrawerDefinition } from '../../shared/ui/entity-drawer-types.ts';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';
import { recordDrawer } from './compose/record-drawer.tsx';

const ProviderDetail = lazyNamed(
  () => import('../../features/providers/components/provider-detail.tsx'),
  'ProviderDetail',
);

export const drawers: EntityDrawerDefinition[] = [
  recordDrawer({
    kind: 'fornitore',
    area: Area.Providers,
    title: 'providers:drawerTitle',
    history: 'fornitore',
    attachments: AttachmentReferenceType.Provider,
    Detail: ProviderDetail,
  }),
];
