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

const ProviderDetail = lazyNamed(
  () => import('../../features/providers/components/provider-detail.tsx'),
  'ProviderDetail',
);

function ProviderDrawer({ id, onClose }: EntityDrawerContentProps) {
  return (
    <HistoryTabs kind="fornitore" id={Number(id)}>
      <Stack gap="lg">
        <ProviderDetail id={Number(id)} onClose={onClose} />
        <EntityAttachments tipo={AttachmentReferenceType.Provider} id={Number(id)} />
      </Stack>
    </HistoryTabs>
  );
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
