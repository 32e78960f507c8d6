import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordRecoveryForm } from '../../../features/auth/components/password-recovery-form.tsx';
import { PasswordResetForm } from '../../../features/auth/components/password-reset-form.tsx';
import { AuthCard } from '../../layout/bare-layout.tsx';

/** /forgotPassword: the request form, or the reset form when the emailed link brings `?token=`. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);

  if (token) {
    return (
      <AuthCard title={t('resetTitle')} subtitle={done ? undefined : t('resetText')}>
        {done ? (
          <Stack>
            <Alert color="teal" title={t('resetDoneTitle')} role="status">
              {t('resetDoneText')}
            </Alert>
            <Button component={Link} to="/login" fullWidth>
              {t('goToLogin')}
            </Button>
          </Stack>
        ) : (
          <PasswordResetForm token={token} onDone={() => setDone(true)} />
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('recoveryTitle')} subtitle={t('recoveryText')}>
      <Stack gap="md">
        <PasswordRecoveryForm />
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('backToLogin')}
        </Anchor>
      </Stack>
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };
