import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoginForm } from '../../../features/auth/components/login-form.tsx';
import { AuthCard } from '../../layout/bare-layout.tsx';

export function LoginPage({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return (
    <AuthCard title={mobile ? t('mobileLoginTitle') : t('loginTitle')} subtitle={t('loginSubtitle')}>
      <LoginForm
        mobile={mobile}
        onLoggedIn={() => navigate(from && from !== '/login' ? from : '/', { replace: true })}
      />
    </AuthCard>
  );
}

export function MobileLoginPage() {
  return <LoginPage mobile />;
}
