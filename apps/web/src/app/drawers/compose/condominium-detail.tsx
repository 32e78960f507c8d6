import {
  CondominiumDetail,
  type CondominiumDetailProps,
} from '../../../features/condominiums/components/condominium-detail.tsx';
import type { CondominiumSection } from '../../../features/condominiums/condominium-sections.ts';

interface CondominiumSectionModule {
  condominiumSections: CondominiumSection[];
}

// Every area's condominium-section.tsx adds its tabs ("Parti comuni", "Rate", "Allegati").
const modules = import.meta.glob<CondominiumSectionModule>('../../../features/*/condominium-section.tsx', {
  eager: true,
});

const condominiumSections: CondominiumSection[] = Object.values(modules)
  .flatMap((module) => module.condominiumSections)
  .sort((a, b) => a.order - b.order);

/** The condominium's detail with the tabs the other areas add. */
export function CondominiumDetailWithSections(props: Omit<CondominiumDetailProps, 'sections'>) {
  return <CondominiumDetail {...props} sections={condominiumSections} />;
}
