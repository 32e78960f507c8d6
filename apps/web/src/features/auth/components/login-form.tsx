import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { EMAIL_MAX_LENGTH, ValidationMessage } from '@stabile/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loginAndKeepSession } from '../login-session.ts';

export interface LoginFormProps {
  /** POST /user/loginMobile (native wrapper) instead of /user/login. */
  mobile?: boolean;
  onLoggedIn: () => void;
}

interface LoginValues {
  username: string;
  password: string;
  keepLogin: boolean;
}

type FieldError = { field: 'username' | 'password'; message: string } | null;

/**
 * The rules of the contract's loginFormSchema (both fields required, first error shown), checked
 * without zod so that /login stays within its JavaScript budget; the server checks again (108).
 */
function validate(values: LoginValues): FieldError {
  if (!values.username.trim()) return { field: 'username', message: ValidationMessage.Required };
  if (values.username.trim().length > EMAIL_MAX_LENGTH) {
    return { field: 'username', message: ValidationMessage.EmailTooLong };
  }
  if (!values.password) return { field: 'password', message: ValidationMessage.Required };
  return null;
}

export function LoginForm({ mobile = false, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', keepLogin: mobile });
  const [fieldError, setFieldError] = useState<FieldError>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    const error = validate(values);
    setFieldError(error);
    if (error) return;
    setLoading(true);
    const result = await loginAndKeepSession({ ...values, username: values.username.trim() }, mobile);
    setLoading(false);
    if (result.error) {
      setRefusal(result.error.message);
      return;
    }
    onLoggedIn();
  }

  const errorOf = (field: 'username' | 'password') =>
    fieldError?.field === field ? fieldError.message : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('loginTitle')}>
      <Stack gap="md">
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
            {refusal}
          </Alert>
        )}
        <TextInput
          label={t('email')}
          placeholder={t('emailPlaceholder')}
          type="email"
          autoComplete="username"
          required
          value={values.username}
          error={errorOf('username')}
          onChange={(e) => setValues({ ...values, username: e.currentTarget.value })}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          required
          value={values.password}
          error={errorOf('password')}
          onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
        />
        <Checkbox
          label={t('keepLogin')}
          description={t('keepLoginHint')}
          checked={values.keepLogin}
          onChange={(e) => setValues({ ...values, keepLogin: e.currentTarget.checked })}
        />
        <Button type="submit" loading={loading} fullWidth>
          {t('submit')}
        </Button>
        <Anchor component={Link} to="/forgotPassword" size="sm" ta="center">
          {t('forgotPassword')}
        </Anchor>
      </Stack>
    </form>
  );
}
