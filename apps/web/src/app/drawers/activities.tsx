import { Area, AttachmentReferenceType } from '@stabile/contract';
import type { EntityDrawerDefinition } from '../../shared/ui/entity-drawer-types.ts';
import { lazyNamed } from '../../shared/ui/lazy-named.ts';
import { recordDrawer } from './compose/record-drawer.tsx';

// The detail composed with the common parts' link, in one chunk.
const ActivityDetail = lazyNamed(
  () => import('./compose/activity-detail.tsx'),
  'ActivityDetailWithCommonParts',
);

export const drawers: EntityDrawerDefinition[] = [
  recordDrawer({
    kind: 'attivita',
    area: Area.Activities,
    title: 'activities:drawerTitle',
    history: 'attivita',
    attachments: AttachmentReferenceType.Activity,
    Detail: ActivityDetail,
  }),
];
