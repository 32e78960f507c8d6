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
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  type ActivityCreate,
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
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiErrorResult } from '../../../shared/api/api-types.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
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

/** New activity and new hidden activity: condominium, applicant search, type (with inline add), priority, dates. */
export function ActivityCreateModal({ opened, hidden = false, onClose }: ActivityCreateModalProps) {
  const { t } = useTranslation(['activities', 'common']);
  const [form, setForm] = useState<FormState>(initial(hidden));
  const [errors, setErrors] = useState<Record<string, string>>({});
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

  useEffect(() => {
    if (opened) {
      setForm(initial(hidden));
      setErrors({});
      setApplicantSearch('');
      setNewType('');
    }
  }, [opened, hidden]);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ActivityCreate = {
      condGenID: Number(form.condGenID ?? 0),
      titolo: form.titolo,
      descrizione: form.descrizione,
      tipoSegnalazID: Number(form.tipoSegnalazID ?? 2),
      priorita: Number(form.priorita),
      dataApertura: form.dataApertura,
      dataConcludereEntro: form.dataConcludereEntro || null,
      richiedenteID: form.richiedenteID ? Number(form.richiedenteID) : -1,
      servizio: form.servizio ? Number(form.servizio) : null,
      nascosta: form.nascosta,
    };
    const parsed = activityCreateSchema.safeParse(body);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      setErrors(first ? { [String(first.path[0])]: first.message } : {});
      return;
    }
    try {
      const created = await create(body).unwrap();
      notifications.show({ color: 'green', message: t('create.created', { numero: created.numeroPratica }) });
      onClose();
      open('attivita', created.id);
    } catch (error) {
      const e = error as ApiErrorResult;
      if (e?.code === 113) setErrors({ form: e.message });
    }
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

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={hidden ? t('create.titleHidden') : t('create.title')}
      size="lg"
      fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {hidden && <Alert color="gray">{t('create.hiddenHint')}</Alert>}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Select
            label={t('fields.condominio')}
            data={(condominiums.data ?? []).map((c) => ({ value: String(c.id), label: c.intestazione }))}
            value={form.condGenID}
            onChange={(v) => set('condGenID', v)}
            searchable
            required
            error={errors.condGenID}
            nothingFoundMessage={t('common:noResults')}
            data-autofocus
          />
          <TextInput
            label={t('fields.titolo')}
            value={form.titolo}
            onChange={(e) => set('titolo', e.currentTarget.value)}
            required
            maxLength={200}
            error={errors.titolo}
          />
          <Textarea
            label={t('fields.descrizione')}
            value={form.descrizione}
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
            value={form.richiedenteID}
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
                value={form.tipoSegnalazID}
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
              value={form.priorita}
              onChange={(v) => set('priorita', v ?? '2')}
              allowDeselect={false}
            />
            <DateField
              label={t('fields.dataApertura')}
              value={form.dataApertura}
              onChange={(date) => set('dataApertura', date)}
              error={errors.dataApertura}
            />
            <DateField
              label={t('fields.dataConcludereEntro')}
              value={form.dataConcludereEntro}
              onChange={(date) => set('dataConcludereEntro', date)}
              error={errors.dataConcludereEntro}
              clearable
            />
            <Select
              label={t('fields.servizio')}
              data={serviceTypes.map((s) => ({ value: String(s), label: serviceTypeLabels[s] }))}
              value={form.servizio}
              onChange={(v) => set('servizio', v)}
              clearable
            />
          </SimpleGrid>
          <Checkbox
            label={t('fields.nascosta')}
            checked={form.nascosta}
            onChange={(e) => set('nascosta', e.currentTarget.checked)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={isLoading}>
              {t('create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
