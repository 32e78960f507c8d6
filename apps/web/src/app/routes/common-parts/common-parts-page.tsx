import { useTranslation } from 'react-i18next';
import { AreaInPreparation } from '../../../shared/ui/area-in-preparation.tsx';

export function CommonPartsPage() {
  const { t } = useTranslation('condominiums');
  return <AreaInPreparation title={t('commonPartsTitle')} description={t('commonPartsText')} />;
}

export { CommonPartsPage as Component };
