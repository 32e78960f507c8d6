import { i18n } from '../../i18n/i18n.ts';
import { CondominiumInstalments } from './components/condominium-instalments.tsx';

/** The "Rate" tab of the condominium drawer (features/condominiums/condominium-sections.ts). */
export const condominiumSections = [
  { key: 'rate', order: 2, title: () => i18n.t('instalments:title'), Component: CondominiumInstalments },
];
