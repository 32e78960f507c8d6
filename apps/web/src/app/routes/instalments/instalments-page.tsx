import { useTranslation } from 'react-i18next';
import { AreaInPreparation } from '../../../shared/ui/area-in-preparation.tsx';

export function InstalmentsPage() {
  const { t } = useTranslation('condominiums');
  return <AreaInPreparation title={t('instalmentsTitle')} description={t('instalmentsText')} />;
}

export { InstalmentsPage as Component };
