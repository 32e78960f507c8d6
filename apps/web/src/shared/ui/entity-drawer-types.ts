import type { Area } from '@stabile/contract';
import type { ComponentType } from 'react';

/**
 * Entity drawers (spec section 2 "Entity details drawer") are registered without editing the drawer
 * host: an area adds `src/app/drawers/<area>.tsx` (in app/, as it composes features: the detail and
 * the attachments) exporting
 *
 *   export const drawers: EntityDrawerDefinition[] = [
 *     { kind: 'attivita', area: Area.Activities, title: () => i18n.t('activities:drawerTitle'),
 *       Component: ActivityDrawer },
 *   ];
 *
 * Open one with `dispatch(entityDetailsOpened({ kind: 'attivita', id: '42' }))` (or
 * `useOpenEntityDetails()`); the URL mirrors it as `?dettaglio=attivita:42`, so it can be linked and
 * survives a reload. The drawer closes on Escape and on every route change.
 *
 * The Component fetches its entity with `id` and shows the header summary. On a failed fetch it
 * renders `<EntityDrawerError onRetry={refetch} />` (shared/ui/entity-drawer-error.tsx); a rendering
 * failure inside it shows the same retry screen automatically.
 */
export interface EntityDrawerContentProps {
  /** The id from the URL, as text (numeric ids: `Number(id)`). */
  id: string;
  onClose: () => void;
}

export interface EntityDrawerDefinition {
  /** Italian kind used in the URL: 'attivita', 'contatto', 'fornitore', 'condominio', ... */
  kind: string;
  /** Accessible title of the drawer (its header), e.g. 'Attività' or 'Contatto'. */
  title: (id: string) => string;
  /** Permission area: without it the drawer is not opened. */
  area?: Area;
  /** Drawer width (Mantine size or CSS value); default 'lg'. */
  size?: string;
  Component: ComponentType<EntityDrawerContentProps>;
}

export interface EntityDrawerModule {
  drawers: EntityDrawerDefinition[];
}

export const DETAIL_PARAM = 'dettaglio';

export function parseDetailParam(value: string | null): { kind: string; id: string } | null {
  if (!value) return null;
  const separator = value.indexOf(':');
  if (separator <= 0 || separator === value.length - 1) return null;
  return { kind: value.slice(0, separator), id: value.slice(separator + 1) };
}

export function formatDetailParam(ref: { kind: string; id: string }): string {
  return `${ref.kind}:${ref.id}`;
}
