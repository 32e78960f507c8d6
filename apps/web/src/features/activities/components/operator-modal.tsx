import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../shared/hooks.ts';
import { useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';

export interface OperatorModalProps {
  opened: boolean;
  title: string;
  text?: ReactNode;
  confirmLabel: string;
  /** Also ask a reason (required when `reasonRequired`). */
  reasonLabel?: string;
  reasonRequired?: boolean;
  /** Ask the operator (default true). */
  askOperator?: boolean;
  loading?: boolean;
  /** The button that closes without doing it (default "Annulla"). */
  cancelLabel?: string;
  onConfirm: (values: { operatore: string; motivazione: string }) => void;
  onClose: () => void;
  children?: ReactNode;
}

const LAST_OPERATOR_KEY = 'stabile.lastOperator';

function lastOperator(login: string): string | null {
  try {
    const stored = JSON.parse(localStorage.getItem(LAST_OPERATOR_KEY) ?? 'null') as {
      login?: string;
      name?: string;
    } | null;
    return stored?.login === login && stored.name ? stored.name : null;
  } catch {
    return null;
  }
}

function rememberOperator(login: string, name: string): void {
  try {
    localStorage.setItem(LAST_OPERATOR_KEY, JSON.stringify({ login, name }));
  } catch {
    // Private browsing: the name is simply proposed again next time.
  }
}

/**
 * The name proposed as operator: the last one this login used, else the name the timeline shows for
 * this user (the archive user's, or the studio's), never the login email.
 */
function useDefaultOperator(): { login: string; name: string } {
  const auth = useAppSelector((state) => state.auth);
  const login = auth.username ?? '';
  const name = lastOperator(login) ?? (auth.permissions?.login || auth.account?.nome || login);
  return { login, name };
}

/** A confirmation that asks who does it (kept in the timeline) and, when needed, why. */
export function OperatorModal({
  opened,
  title,
  text,
  confirmLabel,
  reasonLabel,
  reasonRequired = false,
  askOperator = true,
  loading = false,
  cancelLabel,
  onConfirm,
  onClose,
  children,
}: OperatorModalProps) {
  const { t } = useTranslation(['activities', 'common']);
  const { login, name: username } = useDefaultOperator();
  const [operatore, setOperatore] = useState(username);
  const [motivazione, setMotivazione] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setOperatore(username);
      setMotivazione('');
      setError(null);
    }
  }, [opened, username]);

  // A reason typed, or another operator written, is not thrown away without asking.
  const guard = useGuardedClose(() => motivazione.trim() !== '' || operatore !== username, onClose);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((askOperator && !operatore.trim()) || (reasonRequired && !motivazione.trim())) {
      setError(t('common:requiredField'));
      return;
    }
    if (askOperator) rememberOperator(login, operatore.trim());
    onConfirm({ operatore: operatore.trim(), motivazione: motivazione.trim() });
  };

  return (
    <>
      {guard.confirmation}
      <Modal opened={opened} onClose={guard.requestClose} title={title} centered>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {text && <Text size="sm">{text}</Text>}
            {children}
            {askOperator && (
              <TextInput
                label={t('fields.operatore')}
                value={operatore}
                onChange={(e) => setOperatore(e.currentTarget.value)}
                required
                error={error && !operatore.trim() ? error : undefined}
                data-autofocus
              />
            )}
            {reasonLabel && (
              <Textarea
                label={reasonLabel}
                value={motivazione}
                onChange={(e) => setMotivazione(e.currentTarget.value)}
                required={reasonRequired}
                autosize
                minRows={2}
                error={error && reasonRequired && !motivazione.trim() ? error : undefined}
              />
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={guard.requestClose}>
                {cancelLabel ?? t('common:cancel')}
              </Button>
              <Button type="submit" loading={loading}>
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
