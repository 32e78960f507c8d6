import type { ComponentType } from 'react';

/**
 * The places of the condominium drawer that other areas fill ("Parti comuni", "Rate", "Allegati"):
 * an area adds `src/features/<area>/condominium-section.tsx` exporting
 *
 *   export const condominiumSections: CondominiumSection[] = [
 *     { key: 'parti-comuni', order: 1, title: () => i18n.t('commonParts:title'), Component: CommonPartsOfCondominium },
 *   ];
 *
 * and the drawer shows it as a tab, only when the file exists (the same registration as the entity
 * drawers of shared/ui/entity-drawer-types.ts). app/drawers/compose/condominium-detail.tsx collects
 * the files and gives them to the detail: no feature imports another.
 */
export interface CondominiumSectionProps {
  condominioId: number;
}

export interface CondominiumSection {
  /** Tab value, unique: 'parti-comuni', 'rate', 'allegati'. */
  key: string;
  /** Place among the other areas' tabs (parti comuni 1, rate 2, allegati 3). */
  order: number;
  title: () => string;
  Component: ComponentType<CondominiumSectionProps>;
}
