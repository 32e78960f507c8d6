import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { type AuthApi, AuthPath, passwordRecoveryRequestSchema } from '@stabile/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson } from '../../../shared/api/public-fetch.ts';
import { firstError } from '../../../shared/forms/first-error.ts';

export function PasswordRecoveryForm() {
  const { t } = useTranslation('auth');
  const [isLoading, setLoading] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = firstError(passwordRecoveryRequestSchema, { email });
    setError(invalid?.message ?? null);
    if (invalid) return;
    setLoading(true);
    const result = await postJson<typeof AuthApi.passwordRecovery>(AuthPath.passwordRecovery, {
      email: email.trim(),
    });
    setLoading(false);
    if (result.error) setError(result.error.message);
    else setSent(result.data.messaggio);
  }

  if (sent) {
    return (
      <Alert color="teal" title={t('recoverySentTitle')} role="status">
        {sent}
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t('recoveryTitle')}>
      <Stack gap="md">
        <TextInput
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" loading={isLoading} fullWidth>
          {t('recoverySubmit')}
        </Button>
      </Stack>
    </form>
  );
}
