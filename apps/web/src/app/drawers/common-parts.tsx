import { Stack } from '@mantine/core';
import { Area, AttachmentReferenceType } from '@stabile/contract';
import type { CommonPartKind } from '../../features/common-parts/common-parts-api.ts';
import { parseDetailId } from '../../features/common-parts/detail-ref.ts';
import { i18n } from '../../i18n/i18n.ts';
import { EntityDrawerError } from '../../shared/ui/entity-drawer-error.tsx';
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
const CommonPartDetail = lazyNamed(
  () => import('../../features/common-parts/components/common-part-detail.tsx'),
  'CommonPartDetail',
);

function drawerOf(kind: CommonPartKind) {
  return function CommonPartDrawer({ id, onClose }: EntityDrawerContentProps) {
    const ref = parseDetailId(id);
    if (!ref) return <EntityDrawerError onRetry={onClose} />;
    return (
      <HistoryTabs kind="parteComune" id={ref.id}>
        <Stack gap="lg">
          <CommonPartDetail kind={kind} condominioId={ref.condominioId} id={ref.id} onClose={onClose} />
          <EntityAttachments tipo={AttachmentReferenceType.CommonPart} id={ref.id} />
        </Stack>
      </HistoryTabs>
    );
  };
}

/** The two drawers of spec section 2: common part environment and common part implant. */
export const drawers: EntityDrawerDefinition[] = [
  {
    kind: 'impianto',
    area: Area.Plants,
    title: () => i18n.t('commonParts:plantDrawerTitle'),
    Component: drawerOf('impianto'),
  },
  {
    kind: 'ambiente',
    area: Area.Plants,
    title: () => i18n.t('commonParts:environmentDrawerTitle'),
    Component: drawerOf('ambiente'),
  },
];
