import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorResult } from '../../../shared/api/api-types.ts';
import { serverFieldErrors } from '../../../shared/api/error-message.ts';
import { revealFirstInvalid } from '../../../shared/forms/first-error.ts';
import { useAppSelector } from '../../../shared/hooks.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import { useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useCreateActivityMutation } from '../activities-api.ts';
import { ActivityFields } from './activity-fields.tsx';
import {
  type ActivityFormValues,
  createBodyOf,
  newActivityValues,
  validateActivity,
} from './activity-form.ts';

export interface ActivityCreateModalProps {
  opened: boolean;
  hidden?: boolean;
  onClose: () => void;
}

/** New activity and new hidden activity: condominium, applicant search, type (with inline add), priority, dates. */
export function ActivityCreateModal({ opened, hidden = false, onClose }: ActivityCreateModalProps) {
  const { t } = useTranslation(['activities', 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<ActivityFormValues>({
    mode: 'controlled',
    initialValues: newActivityValues(hidden),
    validate: validateActivity,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateActivityMutation();
  const open = useOpenEntityDetails();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens.
  useEffect(() => {
    if (opened) {
      form.setInitialValues(newActivityValues(hidden));
      form.reset();
      setFormError(null);
    }
  }, [opened, hidden]);

  const guard = useGuardedClose(() => form.isDirty(), onClose);
  const mobile = useAppSelector(selectIsMobile);

  const submit = form.onSubmit(
    async (valid) => {
      setFormError(null);
      try {
        const created = await create(createBodyOf(valid)).unwrap();
        notifications.show({
          color: 'green',
          message: t('create.created', { numero: created.numeroPratica }),
        });
        onClose();
        open('attivita', created.id);
      } catch (error) {
        if (isQueuedError(error)) return onClose();
        // A refused value is shown once, under its field (or above the form), never also as a toast.
        const fields = serverFieldErrors(error as ApiErrorResult);
        const known = Object.keys(fields).filter((f) => f in valid);
        if (known.length > 0) {
          form.setErrors(Object.fromEntries(known.map((f) => [f, fields[f]])));
          revealFirstInvalid(formRef.current);
        } else if (fields.form) setFormError(fields.form);
      }
    },
    () => revealFirstInvalid(formRef.current),
  );

  return (
    <>
      {guard.confirmation}
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={hidden ? t('create.titleHidden') : t('create.title')}
        size="lg"
        fullScreen={mobile}
      >
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            {hidden && <Alert color="gray">{t('create.hiddenHint')}</Alert>}
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <ActivityFields form={form} mode="create" active={opened} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={guard.requestClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={isLoading}>
                {t('create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
