import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ActivityDetail, ErrorCode } from '@stabile/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorResult } from '../../../shared/api/api-types.ts';
import { serverFieldErrors } from '../../../shared/api/error-message.ts';
import { revealFirstInvalid } from '../../../shared/forms/first-error.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { useDrawerUnsavedChanges, useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';
import { useUpdateActivityMutation } from '../activities-api.ts';
import { ActivityFields } from './activity-fields.tsx';
import {
  type ActivityFormValues,
  type Rebased,
  rebase,
  updateBodyOf,
  validateActivity,
  valuesOf,
} from './activity-form.ts';

export interface ActivityEditFormProps {
  activity: ActivityDetail;
  /** Back to the drawer's summary (after saving or cancelling). */
  onDone: () => void;
  /** Reads the activity again from the server (after a conflict); undefined when that failed. */
  onReload: () => Promise<ActivityDetail | undefined>;
}

/**
 * The edit form of the drawer: condominium, title, applicant, type, priority, due date, service and
 * the hidden flag, with the rules and messages of creation. The form keeps the version it started from;
 * a save refused because someone else saved meanwhile (409) keeps everything typed and offers a reload
 * that puts the typed values over the new version, showing the other user's value where both changed.
 */
export function ActivityEditForm({ activity, onDone, onReload }: ActivityEditFormProps) {
  const { t } = useTranslation(['activities', 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const [base, setBase] = useState(activity);
  const form = useForm<ActivityFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(activity),
    validate: validateActivity,
  });
  const [update, { isLoading }] = useUpdateActivityMutation();
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [rebased, setRebased] = useState<Rebased | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  useDrawerUnsavedChanges(form.isDirty() || conflict);
  const guard = useGuardedClose(() => form.isDirty() || conflict, onDone);

  const submit = form.onSubmit(
    async (valid) => {
      setFormError(null);
      try {
        await update({ id: base.id, body: updateBodyOf(valid, base) }).unwrap();
        notifications.show({ color: 'green', message: t('edit.saved') });
        form.resetDirty();
        onDone();
      } catch (caught) {
        // Offline: the edit waits in the queue (the queue's toast says so) and the form is done.
        if (isQueuedError(caught)) {
          form.resetDirty();
          onDone();
          return;
        }
        const error = caught as ApiErrorResult;
        if (error?.status === 409 && error.code === ErrorCode.Business) {
          setConflict(true);
          return;
        }
        // A refused value is shown once, under its field (or above the form), never also as a toast.
        const fields = serverFieldErrors(error);
        const known = Object.keys(fields).filter((f) => f in valid);
        if (known.length > 0) {
          form.setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
          revealFirstInvalid(formRef.current);
        } else if (fields.form) setFormError(fields.form);
      }
    },
    () => revealFirstInvalid(formRef.current),
  );

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (!fresh) return;
      const next = rebase(form.getValues(), base, fresh);
      setBase(fresh);
      form.setInitialValues(valuesOf(fresh));
      form.setValues(next.values);
      form.clearErrors();
      setRebased(next);
      setConflict(false);
    } finally {
      setReloading(false);
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('edit.title')}>
      {guard.confirmation}
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('edit.title')}
        </Title>
        {conflict && (
          <Alert color="orange" role="alert" title={t('edit.conflictTitle')}>
            <Stack gap="xs" align="flex-start">
              {t('edit.conflictText')}
              <Button
                size="xs"
                color="orange"
                leftSection={<IconRefresh size={14} aria-hidden />}
                loading={reloading}
                onClick={reload}
              >
                {t('edit.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {rebased && !conflict && (
          <Alert color="blue" role="status">
            {Object.keys(rebased.theirs).length > 0 ? t('edit.rebasedBoth') : t('edit.rebased')}
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <ActivityFields
          form={form}
          mode="edit"
          active
          applicant={
            base.richiedenteID > 0 && base.richiedenteDescr
              ? { id: base.richiedenteID, descr: base.richiedenteDescr }
              : null
          }
          theirs={rebased?.theirs}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={guard.requestClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={isLoading} disabled={conflict}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
