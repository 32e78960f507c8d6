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

// The detail composed with the common parts' link, in one chunk as before.
const ActivityDetail = lazyNamed(
  () => import('./compose/activity-detail.tsx'),
  'ActivityDetailWithCommonParts',
);

function ActivityDrawer({ id, onClose }: EntityDrawerContentProps) {
  return (
    <HistoryTabs kind="attivita" id={Number(id)}>
      <Stack gap="lg">
        <ActivityDetail id={Number(id)} onClose={onClose} />
        <EntityAttachments tipo={AttachmentReferenceType.Activity} id={Number(id)} />
      </Stack>
    </HistoryTabs>
  );
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
