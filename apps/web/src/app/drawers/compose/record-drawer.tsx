import { Stack } from '@mantine/core';
import type { Area, AttachmentReferenceType, HistoryKind } from '@stabile/contract';
import type { ComponentType } from 'react';
import { i18n } from '../../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../../shared/ui/entity-drawer-types.ts';
import { HistoryTabs } from '../../../shared/ui/history/history-tabs.tsx';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';

const EntityAttachments = lazyNamed(
  () => import('../../../features/attachments/components/entity-attachments.tsx'),
  'EntityAttachments',
);

export interface RecordDrawer {
  /** The kind in `?dettaglio=kind:id`. */
  kind: string;
  area: Area;
  /** The i18n key of the drawer's title (`namespace:key`). */
  title: string;
  history: HistoryKind;
  attachments: AttachmentReferenceType;
  /** The record's detail (usually lazy). */
  Detail: ComponentType<{ id: number; onClose: () => void }>;
}

/** The drawer of a record with a numeric id: its detail and attachments, the history in a tab beside. */
export function recordDrawer({
  kind,
  area,
  title,
  history,
  attachments,
  Detail,
}: RecordDrawer): EntityDrawerDefinition {
  function Drawer({ id, onClose }: EntityDrawerContentProps) {
    return (
      <HistoryTabs kind={history} id={Number(id)}>
        <Stack gap="lg">
          <Detail id={Number(id)} onClose={onClose} />
          <EntityAttachments tipo={attachments} id={Number(id)} />
        </Stack>
      </HistoryTabs>
    );
  }
  return { kind, area, size: 'xl', title: () => i18n.t(title), Component: Drawer };
}
