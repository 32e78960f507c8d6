import {
  ActionIcon,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  FILTER_DEBOUNCE_MS,
  priorities,
  priorityLabels,
  SEARCH_MIN_LENGTH,
  serviceTypeLabels,
  serviceTypes,
} from '@stabile/contract';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/date-field.tsx';
import {
  useActivityCondominiumsQuery,
  useActivityTypesQuery,
  useApplicantsQuery,
  useCreateActivityTypeMutation,
} from '../activities-api.ts';
import { usePortal } from '../portal.ts';
import type { ActivityFormValues, EditableField } from './activity-form.ts';

export const TITLE_MAX = 200;

export interface ActivityFieldsProps {
  form: UseFormReturnType<ActivityFormValues>;
  /** Creation shows the description and the opening date; the edit form leaves them to the drawer. */
  mode: 'create' | 'edit';
  /** Lookups load only while the form is shown. */
  active: boolean;
  /** The saved applicant, so that the field shows its name before any search. */
  applicant?: { id: number; descr: string } | null;
  /** After a conflict: the other user's value of the fields both changed. */
  theirs?: Partial<Record<EditableField, string>>;
}

/** The fields of an activity, the same for creating and editing (same rules, same messages). */
export function ActivityFields({ form, mode, active, applicant, theirs = {} }: ActivityFieldsProps) {
  const { t } = useTranslation(['activities', 'common']);
  const values = form.getValues();
  const errors = form.errors as Record<string, string>;
  const [applicantSearch, setApplicantSearch] = useState('');
  const [newType, setNewType] = useState('');
  const [debounced] = useDebouncedValue(applicantSearch.trim(), FILTER_DEBOUNCE_MS);
  const condominiums = useActivityCondominiumsQuery(undefined, { skip: !active });
  const types = useActivityTypesQuery(undefined, { skip: !active });
  const searching = debounced.length >= SEARCH_MIN_LENGTH && debounced !== applicant?.descr;
  const applicants = useApplicantsQuery(searching ? debounced : '', { skip: !active });
  const [createType, typeState] = useCreateActivityTypeMutation();
  const portal = usePortal();

  useEffect(() => {
    if (active) {
      setApplicantSearch('');
      setNewType('');
    }
  }, [active]);

  const set = <K extends keyof ActivityFormValues>(key: K, value: ActivityFormValues[K]) => {
    form.setFieldValue(key, value as never);
    if (form.errors[key]) form.clearFieldError(key);
  };

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
  if (applicant && !applicantOptions.some((o) => o.value === String(applicant.id))) {
    applicantOptions.unshift({ value: String(applicant.id), label: applicant.descr });
  }
  const condominiumOptions = (condominiums.data ?? []).map((c) => ({
    value: String(c.id),
    label: c.intestazione,
  }));
  const typeOptions = (types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.descr }));
  const theirNote = (field: EditableField): ReactNode =>
    theirs[field] === undefined ? undefined : (
      <Text component="span" size="xs" c="orange.9">
        {t('edit.theirValue', { value: theirs[field] })}
      </Text>
    );

  return (
    <Stack gap="sm">
      <Select
        label={t('fields.condominio')}
        data={condominiumOptions}
        value={values.condGenID}
        onChange={(v) => set('condGenID', v)}
        searchable
        required
        error={errors.condGenID}
        description={theirNote('condGenID')}
        nothingFoundMessage={t('common:noResults')}
        data-autofocus={mode === 'create' || undefined}
      />
      <TextInput
        label={t('fields.titolo')}
        value={values.titolo}
        onChange={(e) => set('titolo', e.currentTarget.value)}
        required
        maxLength={TITLE_MAX}
        error={errors.titolo}
        description={
          theirNote('titolo') ?? t('common:charactersLeft', { count: values.titolo.length, max: TITLE_MAX })
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data-autofocus={mode === 'edit' || undefined}
      />
      {mode === 'create' && (
        <Textarea
          label={t('fields.descrizione')}
          value={values.descrizione}
          onChange={(e) => set('descrizione', e.currentTarget.value)}
          autosize
          minRows={3}
          maxLength={4000}
          error={errors.descrizione}
        />
      )}
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
        description={theirNote('richiedenteID')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <Select
            label={t('fields.tipo')}
            data={typeOptions}
            value={values.tipoSegnalazID}
            onChange={(v) => set('tipoSegnalazID', v)}
            allowDeselect={false}
            error={errors.tipoSegnalazID}
            description={theirNote('tipoSegnalazID')}
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
          description={theirNote('priorita')}
        />
        {mode === 'create' && (
          <DateField
            label={t('fields.dataApertura')}
            value={values.dataApertura}
            onChange={(date) => set('dataApertura', date)}
            error={errors.dataApertura}
          />
        )}
        <DateField
          label={t('fields.dataConcludereEntro')}
          value={values.dataConcludereEntro}
          onChange={(date) => set('dataConcludereEntro', date)}
          error={errors.dataConcludereEntro}
          description={theirNote('dataConcludereEntro')}
          clearable
        />
        <Select
          label={t('fields.servizio')}
          data={serviceTypes.map((s) => ({ value: String(s), label: serviceTypeLabels[s] }))}
          value={values.servizio}
          onChange={(v) => set('servizio', v)}
          clearable
          description={theirNote('servizio')}
        />
      </SimpleGrid>
      <Checkbox
        label={t('fields.nascosta')}
        checked={values.nascosta}
        description={theirNote('nascosta')}
        onChange={(e) => {
          const checked = e.currentTarget.checked;
          // Hiding from a portal that publishes nothing: the "PID not enabled" modal says why.
          if (checked && !portal.enabled) {
            portal.explainNotEnabled();
            return;
          }
          set('nascosta', checked);
        }}
      />
    </Stack>
  );
}
