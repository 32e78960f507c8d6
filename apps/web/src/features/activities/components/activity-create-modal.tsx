import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type ActivityCreate,
  ActivityMessage,
  activityCreateSchema,
  FILTER_DEBOUNCE_MS,
  isoDateToday,
  priorities,
  priorityLabels,
  SEARCH_MIN_LENGTH,
  serviceTypeLabels,
  serviceTypes,
} from '@stabile/contract';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorResult } from '../../../shared/api/api-types.ts';
import { serverFieldErrors } from '../../../shared/api/error-message.ts';
import { firstErrorOf, revealFirstInvalid } from '../../../shared/forms/first-error.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import {
  useActivityCondominiumsQuery,
  useActivityTypesQuery,
  useApplicantsQuery,
  useCreateActivityMutation,
  useCreateActivityTypeMutation,
} from '../activities-api.ts';

export interface ActivityCreateModalProps {
  opened: boolean;
  hidden?: boolean;
  onClose: () => void;
}

interface FormState {
  condGenID: string | null;
  titolo: string;
  descrizione: string;
  tipoSegnalazID: string | null;
  priorita: string;
  dataApertura: string;
  dataConcludereEntro: string;
  richiedenteID: string | null;
  servizio: string | null;
  nascosta: boolean;
}

const initial = (hidden: boolean): FormState => ({
  condGenID: null,
  titolo: '',
  descrizione: '',
  tipoSegnalazID: '2',
  priorita: '2',
  dataApertura: isoDateToday(),
  dataConcludereEntro: '',
  richiedenteID: null,
  servizio: null,
  nascosta: hidden,
});

const TITLE_MAX = 200;

function toBody(values: FormState): ActivityCreate {
  return {
    condGenID: Number(values.condGenID ?? 0),
    titolo: values.titolo,
    descrizione: values.descrizione,
    tipoSegnalazID: Number(values.tipoSegnalazID ?? 2),
    priorita: Number(values.priorita),
    dataApertura: values.dataApertura,
    dataConcludereEntro: values.dataConcludereEntro || null,
    richiedenteID: values.richiedenteID ? Number(values.richiedenteID) : -1,
    servizio: values.servizio ? Number(values.servizio) : null,
    nascosta: values.nascosta,
  };
}

/** The contract's rules, then the one that spans two fields: the deadline is not before the opening. */
function validate(values: FormState): Record<string, string> {
  const errors = firstErrorOf(activityCreateSchema, toBody(values));
  if (Object.keys(errors).length > 0) return errors;
  if (values.dataConcludereEntro && values.dataApertura && values.dataConcludereEntro < values.dataApertura) {
    return { dataConcludereEntro: ActivityMessage.DueBeforeOpening };
  }
  return {};
}

/** New activity and new hidden activity: condominium, applicant search, type (with inline add), priority, dates. */
export function ActivityCreateModal({ opened, hidden = false, onClose }: ActivityCreateModalProps) {
  const { t } = useTranslation(['activities', 'common']);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<FormState>({ mode: 'controlled', initialValues: initial(hidden), validate });
  const values = form.getValues();
  const errors = form.errors as Record<string, string>;
  const [formError, setFormError] = useState<string | null>(null);
  const [applicantSearch, setApplicantSearch] = useState('');
  const [newType, setNewType] = useState('');
  const [debounced] = useDebouncedValue(applicantSearch.trim(), FILTER_DEBOUNCE_MS);
  const condominiums = useActivityCondominiumsQuery(undefined, { skip: !opened });
  const types = useActivityTypesQuery(undefined, { skip: !opened });
  const applicants = useApplicantsQuery(debounced.length >= SEARCH_MIN_LENGTH ? debounced : '', {
    skip: !opened,
  });
  const [create, { isLoading }] = useCreateActivityMutation();
  const [createType, typeState] = useCreateActivityTypeMutation();
  const open = useOpenEntityDetails();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh form each time the modal opens.
  useEffect(() => {
    if (opened) {
      form.setInitialValues(initial(hidden));
      form.reset();
      setFormError(null);
      setApplicantSearch('');
      setNewType('');
    }
  }, [opened, hidden]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    form.setFieldValue(key, value as never);
    if (form.errors[key]) form.clearFieldError(key);
  };

  const guard = useGuardedClose(() => form.isDirty(), onClose);

  const submit = form.onSubmit(
    async (valid) => {
      setFormError(null);
      try {
        const created = await create(toBody(valid)).unwrap();
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

  const addType = async () => {
    if (!newType.trim()) return;
    try {
      const created = await createType({ descr: newType.trim() }).unwrap();
      set('tipoSegnalazID', String(created.id));
      setNewType('');
      notifications.show({ color: 'green', message: t('create.typeAdded', { descr: created.descr }) });
    } catch {
      // The base query shows the error.
    }
  };

  const applicantOptions = (applicants.data ?? []).map((a) => ({ value: String(a.id), label: a.descr }));

  return (
    <>
      {guard.confirmation}
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={hidden ? t('create.titleHidden') : t('create.title')}
        size="lg"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
      >
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            {hidden && <Alert color="gray">{t('create.hiddenHint')}</Alert>}
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <Select
              label={t('fields.condominio')}
              data={(condominiums.data ?? []).map((c) => ({ value: String(c.id), label: c.intestazione }))}
              value={values.condGenID}
              onChange={(v) => set('condGenID', v)}
              searchable
              required
              error={errors.condGenID}
              nothingFoundMessage={t('common:noResults')}
              data-autofocus
            />
            <TextInput
              label={t('fields.titolo')}
              value={values.titolo}
              onChange={(e) => set('titolo', e.currentTarget.value)}
              required
              maxLength={TITLE_MAX}
              error={errors.titolo}
              description={t('common:charactersLeft', { count: values.titolo.length, max: TITLE_MAX })}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            <Textarea
              label={t('fields.descrizione')}
              value={values.descrizione}
              onChange={(e) => set('descrizione', e.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={4000}
              error={errors.descrizione}
            />
            <Select
              label={t('fields.richiedente')}
              placeholder={t('create.applicantSearch')}
              data={applicantOptions}
              value={values.richiedenteID}
              onChange={(v) => set('richiedenteID', v)}
              searchable
              clearable
              searchValue={applicantSearch}
              onSearchChange={setApplicantSearch}
              filter={({ options }) => options}
              nothingFoundMessage={t('common:noResults')}
              error={errors.richiedenteID}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Stack gap={4}>
                <Select
                  label={t('fields.tipo')}
                  data={(types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.descr }))}
                  value={values.tipoSegnalazID}
                  onChange={(v) => set('tipoSegnalazID', v)}
                  allowDeselect={false}
                  error={errors.tipoSegnalazID}
                />
                <Group gap={4} wrap="nowrap" align="flex-end">
                  <TextInput
                    aria-label={t('create.newType')}
                    placeholder={t('create.newTypePlaceholder')}
                    value={newType}
                    onChange={(e) => setNewType(e.currentTarget.value)}
                    size="xs"
                    style={{ flex: 1 }}
                  />
                  <ActionIcon
                    variant="light"
                    aria-label={t('create.addType')}
                    onClick={addType}
                    loading={typeState.isLoading}
                    size="md"
                  >
                    <IconPlus size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Stack>
              <Select
                label={t('fields.priorita')}
                data={priorities.map((p) => ({ value: String(p), label: priorityLabels[p] }))}
                value={values.priorita}
                onChange={(v) => set('priorita', v ?? '2')}
                allowDeselect={false}
              />
              <DateField
                label={t('fields.dataApertura')}
                value={values.dataApertura}
                onChange={(date) => set('dataApertura', date)}
                error={errors.dataApertura}
              />
              <DateField
                label={t('fields.dataConcludereEntro')}
                value={values.dataConcludereEntro}
                onChange={(date) => set('dataConcludereEntro', date)}
                error={errors.dataConcludereEntro}
                clearable
              />
              <Select
                label={t('fields.servizio')}
                data={serviceTypes.map((s) => ({ value: String(s), label: serviceTypeLabels[s] }))}
                value={values.servizio}
                onChange={(v) => set('servizio', v)}
                clearable
              />
            </SimpleGrid>
            <Checkbox
              label={t('fields.nascosta')}
              checked={values.nascosta}
              onChange={(e) => set('nascosta', e.currentTarget.checked)}
            />
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
