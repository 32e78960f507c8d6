import { Stack } from '@mantine/core';
import { Area, AttachmentReferenceType } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import type {
  EntityDrawerContentProps,
  EntityDrawerDefinition,
} from '../../shared/ui/entity-drawer-types.ts';
import { EntityAttachments } from '../attachments/components/entity-attachments.tsx';
import { ProviderDetail } from './components/provider-detail.tsx';

function ProviderDrawer({ id, onClose }: EntityDrawerContentProps) {
  return (
    <Stack gap="lg">
      <ProviderDetail id={Number(id)} onClose={onClose} />
      <EntityAttachments tipo={AttachmentReferenceType.Provider} id={Number(id)} />
    </Stack>
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
