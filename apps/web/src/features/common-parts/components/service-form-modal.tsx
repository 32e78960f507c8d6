import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  Area,
  SEARCH_MIN_LENGTH,
  serviceTypeLabels,
  serviceTypes,
  servizioInputSchema,
} from '@stabile/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProvidersSearchQuery } from '../../../shared/api/lookups-api.ts';
import { firstError } from '../../../shared/forms/first-error.ts';
import { useAppSelector } from '../../../shared/hooks.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { isAreaAllowed } from '../../../shared/state/auth-slice.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import {
  type ServiceBody,
  type ServiceItem,
  useCreateServiceMutation,
  useUpdateServiceMutation,
} from '../common-parts-api.ts';
import { focusFirstError } from '../focus-first-error.ts';
import { LayerModal } from '../layer-modal.tsx';
import { useDiscardGuard } from '../use-discard-guard.tsx';

interface ServiceFormValues {
  tipoServizio: string | null;
  descrizione: string;
  fornitoreID: string | null;
  periodicitaMesi: string | null;
  dataUltima: string;
  prossimaScadenza: string;
  riferimentoContratto: string;
  note: string;
}

const FIELD_ORDER = [
  'tipoServizio',
  'descrizione',
  'fornitoreID',
  'periodicitaMesi',
  'dataUltima',
  'prossimaScadenza',
  'riferimentoContratto',
  'note',
] as const;

const FREQUENCIES = [1, 3, 6, 12, 24] as const;

function valuesOf(service: ServiceItem | null): ServiceFormValues {
  return {
    tipoServizio: service ? String(service.tipoServizio) : null,
    descrizione: service?.descrizione ?? '',
    fornitoreID: service?.fornitoreID ? String(service.fornitoreID) : null,
    periodicitaMesi: service?.periodicitaMesi ? String(service.periodicitaMesi) : null,
    dataUltima: service?.dataUltima ?? '',
    prossimaScadenza: service?.prossimaScadenza ?? '',
    riferimentoContratto: service?.riferimentoContratto ?? '',
    note: service?.note ?? '',
  };
}

function bodyOf(v: ServiceFormValues): ServiceBody {
  return {
    tipoServizio: (v.tipoServizio ?? '') as unknown as number,
    descrizione: v.descrizione,
    fornitoreID: v.fornitoreID ? Number(v.fornitoreID) : null,
    periodicitaMesi: v.periodicitaMesi ? Number(v.periodicitaMesi) : null,
    dataUltima: v.dataUltima,
    prossimaScadenza: v.prossimaScadenza,
    riferimentoContratto: v.riferimentoContratto,
    note: v.note,
  };
}

export interface ServiceFormModalProps {
  opened: boolean;
  onClose: () => void;
  condominioId: number;
  parteComuneId: number;
  /** The service to edit; none: a new one. */
  service: ServiceItem | null;
}

/** Add or edit a service of a common part: type, provider, frequency, dates, contract, notes. */
export function ServiceFormModal({
  opened,
  onClose,
  condominioId,
  parteComuneId,
  service,
}: ServiceFormModalProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const { request, confirm } = useDiscardGuard(onClose);
  const dirty = useRef(false);
  useEffect(() => {
    if (opened) dirty.current = false;
  }, [opened]);
  return (
    <>
      <LayerModal
        opened={opened}
        onClose={() => request(dirty.current)}
        title={service ? t('services.editTitle') : t('services.addTitle')}
        size="lg"
      >
        {opened && (
          <ServiceForm
            condominioId={condominioId}
            parteComuneId={parteComuneId}
            service={service}
            onDone={onClose}
            onCancel={(isDirty) => request(isDirty)}
            onDirtyChange={(isDirty) => {
              dirty.current = isDirty;
            }}
          />
        )}
      </LayerModal>
      {confirm}
    </>
  );
}

interface ServiceFormProps {
  condominioId: number;
  parteComuneId: number;
  service: ServiceItem | null;
  onDone: () => void;
  onCancel: (dirty: boolean) => void;
  onDirtyChange: (dirty: boolean) => void;
}

function ServiceForm({
  condominioId,
  parteComuneId,
  service,
  onDone,
  onCancel,
  onDirtyChange,
}: ServiceFormProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const [create, created] = useCreateServiceMutation();
  const [update, updated] = useUpdateServiceMutation();
  const initialValues = valuesOf(service);
  const form = useForm<ServiceFormValues>({
    mode: 'controlled',
    initialValues,
    onValuesChange: (values) => onDirtyChange(JSON.stringify(values) !== JSON.stringify(initialValues)),
    validate: (values) => {
      const error = firstError(servizioInputSchema, bodyOf(values));
      return error ? { [error.field]: error.message } : {};
    },
  });

  // Providers: searched from 3 characters (spec section 5), when the user may see them.
  const providersAllowed = useAppSelector((state) => isAreaAllowed(state.auth, Area.Providers));
  const [providerSearch, setProviderSearch] = useState('');
  const [debounced] = useDebouncedValue(providerSearch.trim(), 300);
  const searching = debounced.length >= SEARCH_MIN_LENGTH;
  const providers = useProvidersSearchQuery(debounced, { skip: !providersAllowed || !searching });
  const providerOptions = new Map<string, string>();
  if (service?.fornitoreID && service.fornitoreDescr)
    providerOptions.set(String(service.fornitoreID), service.fornitoreDescr);
  for (const p of searching ? (providers.data?.items ?? []) : []) providerOptions.set(String(p.id), p.descr);
  const [chosenProvider, setChosenProvider] = useState<{ value: string; label: string } | null>(null);
  if (chosenProvider) providerOptions.set(chosenProvider.value, chosenProvider.label);

  const submit = async (values: ServiceFormValues) => {
    const body = bodyOf(values);
    const result = service
      ? await update({ condominioId, id: service.id, body: { ...body, objVersion: service.objVersion } })
      : await create({ condominioId, parteComuneId, body });
    if ('error' in result) return isQueuedError(result.error) ? onDone() : undefined;
    notifications.show({ color: 'green', message: t('services.saved') });
    onDone();
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (v) => void submit(v),
        (errors) => focusFirstError(errors, FIELD_ORDER),
      )}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('requiredHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('services.fields.tipoServizio')}
            required
            data={serviceTypes.map((v) => ({ value: String(v), label: serviceTypeLabels[v] }))}
            {...form.getInputProps('tipoServizio')}
          />
          <TextInput
            label={t('services.fields.descrizione')}
            required
            {...form.getInputProps('descrizione')}
          />
        </SimpleGrid>
        <Select
          label={t('services.fields.fornitore')}
          searchable
          clearable
          disabled={!providersAllowed}
          placeholder={t('services.providerSearch')}
          nothingFoundMessage={searching ? t('common:noResults') : t('services.providerSearch')}
          data={[...providerOptions].map(([value, label]) => ({ value, label }))}
          filter={({ options }) => options}
          searchValue={providerSearch}
          onSearchChange={setProviderSearch}
          {...form.getInputProps('fornitoreID')}
          onChange={(value, option) => {
            if (value && option) setChosenProvider({ value, label: option.label });
            form.setFieldValue('fornitoreID', value);
          }}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select
            label={t('services.fields.periodicitaMesi')}
            clearable
            data={FREQUENCIES.map((m) => ({ value: String(m), label: t(`frequency.${m}`) }))}
            {...form.getInputProps('periodicitaMesi')}
          />
          <DateField
            label={t('services.fields.dataUltima')}
            clearable
            value={form.values.dataUltima}
            onChange={(value) => form.setFieldValue('dataUltima', value)}
            error={form.errors.dataUltima}
          />
          <DateField
            label={t('services.fields.prossimaScadenza')}
            description={t('services.fields.prossimaScadenzaHint')}
            clearable
            value={form.values.prossimaScadenza}
            onChange={(value) => form.setFieldValue('prossimaScadenza', value)}
            error={form.errors.prossimaScadenza}
          />
        </SimpleGrid>
        <TextInput
          label={t('services.fields.riferimentoContratto')}
          {...form.getInputProps('riferimentoContratto')}
        />
        <Textarea label={t('services.fields.note')} autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onCancel(form.isDirty())}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={created.isLoading || updated.isLoading}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
