import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../shared/hooks.ts';

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
  onConfirm: (values: { operatore: string; motivazione: string }) => void;
  onClose: () => void;
  children?: ReactNode;
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
  onConfirm,
  onClose,
  children,
}: OperatorModalProps) {
  const { t } = useTranslation(['activities', 'common']);
  const username = useAppSelector((state) => state.auth.username) ?? '';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ((askOperator && !operatore.trim()) || (reasonRequired && !motivazione.trim())) {
      setError(t('common:requiredField'));
      return;
    }
    onConfirm({ operatore: operatore.trim(), motivazione: motivazione.trim() });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
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
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
