import { i18n } from '../../i18n/i18n.ts';
import { CondominiumInstalments } from './components/condominium-instalments.tsx';

/** The "Rate" tab of the condominium drawer (app/drawers/compose/condominium-detail.tsx). */
export const condominiumSections = [
  { key: 'rate', order: 2, title: () => i18n.t('instalments:title'), Component: CondominiumInstalments },
];
