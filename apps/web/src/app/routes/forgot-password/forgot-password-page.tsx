import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordRecoveryForm } from '../../../features/auth/components/password-recovery-form.tsx';
import { PasswordResetForm } from '../../../features/auth/components/password-reset-form.tsx';
import { AuthCard } from '../../layout/bare-layout.tsx';

/** The emailed reset token: 32 random bytes in base64url. A truncated or altered link is seen at once. */
const RESET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** /forgotPassword: the request form, or the reset form when the emailed link brings `?token=`. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const [refused, setRefused] = useState(false);

  if (token !== null && (refused || !RESET_TOKEN.test(token))) {
    return (
      <AuthCard title={t('resetLinkInvalidTitle')}>
        <Stack gap="md">
          <Alert color="red" role="alert">
            {t('resetLinkInvalidText')}
          </Alert>
          <Button
            fullWidth
            onClick={() => {
              setRefused(false);
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('askNewLink')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('backToLogin')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

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
          <PasswordResetForm
            token={token}
            onDone={() => setDone(true)}
            onLinkRefused={() => setRefused(true)}
          />
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
