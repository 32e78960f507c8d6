import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import {
  type AuthApi,
  AuthPath,
  ErrorCode,
  passwordResetFormSchema,
  type PasswordResetForm as ResetValues,
} from '@stabile/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postJson } from '../../../shared/api/public-fetch.ts';
import { type FieldError, firstError } from '../../../shared/forms/first-error.ts';

export interface PasswordResetFormProps {
  token: string;
  onDone: () => void;
  /** The server refused the link itself (used, expired): the page offers a new one. */
  onLinkRefused?: () => void;
}

export function PasswordResetForm({ token, onDone, onLinkRefused }: PasswordResetFormProps) {
  const { t } = useTranslation('auth');
  const [isLoading, setLoading] = useState(false);
  const [values, setValues] = useState<ResetValues>({ password: '', conferma: '' });
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const invalid = firstError(passwordResetFormSchema, values);
    setFieldError(invalid);
    if (invalid) return;
    setLoading(true);
    const result = await postJson<typeof AuthApi.passwordReset>(AuthPath.passwordReset, {
      token,
      password: values.password,
    });
    setLoading(false);
    if (result.error?.code === ErrorCode.WrongParams && onLinkRefused) onLinkRefused();
    else if (result.error) setRefusal(result.error.message);
    else onDone();
  }

  const errorOf = (field: keyof ResetValues) => (fieldError?.field === field ? fieldError.message : null);
  return (
    <form onSubmit={submit} noValidate aria-label={t('resetTitle')}>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {refusal}
          </Alert>
        )}
        <PasswordInput
          label={t('newPassword')}
          autoComplete="new-password"
          required
          value={values.password}
          error={errorOf('password')}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        />
        <PasswordInput
          label={t('confirmPassword')}
          autoComplete="new-password"
          required
          value={values.conferma}
          error={errorOf('conferma')}
          onChange={(e) => setValues({ ...values, conferma: e.currentTarget.value })}
        />
        <Button type="submit" loading={isLoading} fullWidth>
          {t('resetSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
