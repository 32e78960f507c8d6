import { Text } from '@mantine/core';
import { Area } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { HomeAttention } from '../../../features/activities/components/home-attention.tsx';
import { HomeOverdueInstalments } from '../../../features/instalments/components/home-overdue-instalments.tsx';
import { useAppSelector } from '../../../shared/hooks.ts';
import { isAreaAllowed } from '../../../shared/state/auth-slice.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';

export function HomePage() {
  const { t } = useTranslation('home');
  const archive = useAppSelector((state) => state.general.archive);
  const auth = useAppSelector((state) => state.auth);
  const activitiesAllowed = isAreaAllowed(auth, Area.Activities);
  return (
    <>
      <PageHeader
        title={t('title')}
        description={archive ? `${t('subtitle')} · ${archive.nome}` : t('subtitle')}
      />
      {activitiesAllowed ? <HomeAttention /> : <Text>{t('subtitle')}</Text>}
      <HomeOverdueInstalments />
    </>
  );
}

export { HomePage as Component };
