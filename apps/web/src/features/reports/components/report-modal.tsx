import { Alert, Button, FileInput, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  isValidEmail,
  REPORT_FILE_MAX_BYTES,
  REPORT_MESSAGE_MAX,
  type ReportCreated,
  ReportText,
  ValidationMessage,
} from '@stabile/contract';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorResult } from '../../../shared/api/api-types.ts';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { selectUserName } from '../../../shared/state/auth-slice.ts';
import { modalClosed, selectModalOpen, selectReportModal } from '../../../shared/state/modals-slice.ts';
import { type ReportType, useSendReportMutation } from '../reports-api.ts';

interface ReportFormValues {
  email: string;
  messaggio: string;
  allegato: File | null;
}

/**
 * The report modal of the user menu (spec sections 2 and 5): a bug report or a suggestion with the
 * email to answer, the text and at most one file. A created bug report shows its reference code.
 */
export function ReportModal() {
  const { t } = useTranslation(['reports', 'common']);
  const dispatch = useAppDispatch();
  const data = useAppSelector(selectReportModal);
  const userName = useAppSelector(selectUserName);
  const opened = useAppSelector((state) => selectModalOpen(state, 'report'));
  const type: ReportType = data?.type ?? 'bug';
  const [sent, setSent] = useState<ReportCreated | null>(null);
  const [send, { isLoading }] = useSendReportMutation();
  const form = useForm<ReportFormValues>({
    mode: 'controlled',
    initialValues: { email: '', messaggio: '', allegato: null },
    validate: {
      email: (v) =>
        !v.trim() ? ValidationMessage.Required : isValidEmail(v) ? null : ValidationMessage.Email,
      messaggio: (v) =>
        !v.trim()
          ? ReportText.MessageRequired
          : v.length > REPORT_MESSAGE_MAX
            ? ReportText.MessageTooLong
            : null,
      allegato: (f) => (f && f.size > REPORT_FILE_MAX_BYTES ? ReportText.FileTooLarge : null),
    },
  });

  // Each opening starts from an empty form (the login's email proposed), before the user can type.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an opening resets the form.
  useEffect(() => {
    if (!opened) return;
    const initial = { email: userName.includes('@') ? userName : '', messaggio: '', allegato: null };
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setSent(null);
  }, [opened]);
  const close = () => {
    if (!sent && form.isDirty() && !window.confirm(t('reports:discard'))) return;
    dispatch(modalClosed('report'));
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        const created = await send({ type, ...values, email: values.email.trim() }).unwrap();
        setSent(created);
      } catch (error) {
        const e = error as ApiErrorResult;
        const field = e.details?.[0]?.path;
        if (e.code === 113 && field) {
          const key = field === 'Email' ? 'email' : field === 'Allegato' ? 'allegato' : 'messaggio';
          form.setFieldError(key, e.details?.[0]?.message ?? e.message);
          return;
        }
        notifications.show({
          color: 'red',
          message: type === 'bug' ? t('reports:bugFailed') : t('reports:suggestionFailed'),
        });
      }
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) document.querySelector<HTMLElement>(`[data-report-field="${first}"]`)?.focus();
    },
  );

  const title = sent
    ? type === 'bug'
      ? t('reports:bugCreated')
      : t('reports:suggestionThanks')
    : type === 'bug'
      ? t('reports:bugTitle')
      : t('reports:suggestionTitle');

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {sent ? (
        <Stack>
          {type === 'bug' ? (
            <>
              <Text>{t('reports:bugCreatedNote', { email: form.values.email.trim() })}</Text>
              <Alert color="brand" title={t('reports:referenceCode')}>
                <Text fw={700} data-testid="report-code">
                  {sent.codice}
                </Text>
              </Alert>
            </>
          ) : (
            <Text>{t('reports:suggestionThanksNote')}</Text>
          )}
          <Group justify="flex-end">
            <Button onClick={() => dispatch(modalClosed('report'))}>{t('common:close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {type === 'bug' ? t('reports:bugIntro') : t('reports:suggestionIntro')}
            </Text>
            <TextInput
              label={t('reports:email')}
              description={t('reports:emailHint')}
              type="email"
              autoComplete="email"
              required
              data-report-field="email"
              {...form.getInputProps('email')}
            />
            <Textarea
              label={type === 'bug' ? t('reports:bugMessage') : t('reports:suggestionMessage')}
              required
              autosize
              minRows={4}
              maxRows={12}
              maxLength={REPORT_MESSAGE_MAX}
              data-report-field="messaggio"
              {...form.getInputProps('messaggio')}
            />
            <FileInput
              label={t('reports:file')}
              description={t('reports:fileHint')}
              placeholder={t('reports:filePlaceholder')}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              clearable
              accept="image/*,application/pdf,text/plain,.log,.csv"
              data-report-field="allegato"
              {...form.getInputProps('allegato')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={isLoading}>
                {t('reports:send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
