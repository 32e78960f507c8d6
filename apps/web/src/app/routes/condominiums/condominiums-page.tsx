import { useTranslation } from 'react-i18next';
import { CondominiumList } from '../../../features/condominiums/components/condominium-list.tsx';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

export function CondominiumsPage() {
  const { t } = useTranslation('condominiums');
  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <CondominiumList />
    </>
  );
}

export { CondominiumsPage as Component };
