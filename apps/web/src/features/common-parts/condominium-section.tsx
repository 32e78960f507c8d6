import { Text } from '@mantine/core';
import { Area } from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { isAreaAllowed } from '../../shared/state/auth-slice.ts';
import { CondominiumCommonParts } from './components/condominium-common-parts.tsx';

/** The "Parti comuni" tab of the condominium drawer (app/drawers/compose/condominium-detail.tsx). */
function CommonPartsOfCondominium({ condominioId }: { condominioId: number }) {
  const allowed = useAppSelector((state) => isAreaAllowed(state.auth, Area.Plants));
  if (!allowed) return <Text c="dimmed">{i18n.t('common:notAllowedText')}</Text>;
  return <CondominiumCommonParts condominioId={condominioId} />;
}

export const condominiumSections = [
  {
    key: 'parti-comuni',
    order: 1,
    title: () => i18n.t('commonParts:title'),
    Component: CommonPartsOfCondominium,
  },
];
