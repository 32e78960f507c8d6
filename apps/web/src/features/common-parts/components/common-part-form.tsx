import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ambienteInputSchema,
  environmentTypeLabels,
  environmentTypes,
  impiantoInputSchema,
  plantTypeLabels,
  plantTypes,
  ValidationMessage,
} from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { firstError } from '../../../shared/forms/first-error.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import type { CommonPartBody, CommonPartDetail, CommonPartKind } from '../common-parts-api.ts';
import { useCondominiumOptionsQuery } from '../common-parts-api.ts';
import { focusFirstError } from '../focus-first-error.ts';

export interface CommonPartFormValues {
  condominioId: string;
  denominazione: string;
  tipo: string | null;
  ubicazione: string;
  note: string;
  marca: string;
  modello: string;
  matricola: string;
  dataInstallazione: string;
  superficieMq: string;
}

const FIELD_ORDER = [
  'condominioId',
  'denominazione',
  'tipo',
  'ubicazione',
  'marca',
  'modello',
  'matricola',
  'dataInstallazione',
  'superficieMq',
  'note',
] as const;

export function valuesOf(part: CommonPartDetail | null, condominioId?: number | null): CommonPartFormValues {
  return {
    condominioId: part ? String(part.condominioID) : condominioId ? String(condominioId) : '',
    denominazione: part?.denominazione ?? '',
    tipo: part ? String(part.tipo) : null,
    ubicazione: part?.ubicazione ?? '',
    note: part?.note ?? '',
    marca: part?.marca ?? '',
    modello: part?.modello ?? '',
    matricola: part?.matricola ?? '',
    dataInstallazione: part?.dataInstallazione ?? '',
    superficieMq: part?.superficieMq == null ? '' : String(part.superficieMq),
  };
}

/** The body of the call for the form's values (the contract's schema validates it). */
export function bodyOf(kind: CommonPartKind, v: CommonPartFormValues): CommonPartBody {
  const common = {
    denominazione: v.denominazione,
    tipo: v.tipo ?? '',
    ubicazione: v.ubicazione,
    note: v.note,
  };
  return kind === 'impianto'
    ? {
        ...common,
        tipo: common.tipo as unknown as number,
        marca: v.marca,
        modello: v.modello,
        matricola: v.matricola,
        dataInstallazione: v.dataInstallazione,
      }
    : {
        ...common,
        tipo: common.tipo as unknown as number,
        superficieMq: v.superficieMq as unknown as number,
      };
}

export interface CommonPartFormProps {
  kind: CommonPartKind;
  initialValues: CommonPartFormValues;
  /** Whether the condominium is chosen in the form (a new part from the common-parts page). */
  chooseCondominium: boolean;
  submitting: boolean;
  onSubmit: (values: CommonPartFormValues) => void;
  onCancel: (dirty: boolean) => void;
  /** Told whether the values differ from the initial ones (to confirm a close). */
  onDirtyChange?: (dirty: boolean) => void;
}

/** Fields of a plant or an environment, checked with the contract's schema (first error only). */
export function CommonPartForm({
  kind,
  initialValues,
  chooseCondominium,
  submitting,
  onSubmit,
  onCancel,
  onDirtyChange,
}: CommonPartFormProps) {
  const { t } = useTranslation(['commonParts', 'common']);
  const condominiums = useCondominiumOptionsQuery(undefined, { skip: !chooseCondominium });
  const schema = kind === 'impianto' ? impiantoInputSchema : ambienteInputSchema;
  const form = useForm<CommonPartFormValues>({
    mode: 'controlled',
    initialValues,
    onValuesChange: (values) => onDirtyChange?.(JSON.stringify(values) !== JSON.stringify(initialValues)),
    validate: (values) => {
      if (chooseCondominium && !values.condominioId) return { condominioId: ValidationMessage.Required };
      const error = firstError(schema, bodyOf(kind, values));
      return error ? { [error.field]: error.message } : {};
    },
  });
  const types =
    kind === 'impianto'
      ? plantTypes.map((v) => ({ value: String(v), label: plantTypeLabels[v] }))
      : environmentTypes.map((v) => ({ value: String(v), label: environmentTypeLabels[v] }));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(onSubmit, (errors) => focusFirstError(errors, FIELD_ORDER))}
      onKeyDown={(event) => {
        // Escape inside an open dropdown closes only the dropdown.
        if (event.key === 'Escape' && (event.target as HTMLElement).getAttribute('aria-expanded') === 'true')
          event.stopPropagation();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('requiredHint')}
        </Text>
        {chooseCondominium && (
          <Select
            label={t('fields.condominio')}
            required
            searchable
            data={(condominiums.data ?? []).map((c) => ({ value: String(c.id), label: c.intestazione }))}
            {...form.getInputProps('condominioId')}
          />
        )}
        <TextInput label={t('fields.denominazione')} required {...form.getInputProps('denominazione')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label={t('fields.tipo')} required searchable data={types} {...form.getInputProps('tipo')} />
          <TextInput label={t('fields.ubicazione')} {...form.getInputProps('ubicazione')} />
        </SimpleGrid>
        {kind === 'impianto' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.marca')} {...form.getInputProps('marca')} />
            <TextInput label={t('fields.modello')} {...form.getInputProps('modello')} />
            <TextInput label={t('fields.matricola')} {...form.getInputProps('matricola')} />
            <DateField
              label={t('fields.dataInstallazione')}
              clearable
              value={form.values.dataInstallazione}
              onChange={(value) => form.setFieldValue('dataInstallazione', value)}
              error={form.errors.dataInstallazione}
            />
          </SimpleGrid>
        ) : (
          <TextInput
            label={t('fields.superficieMq')}
            inputMode="numeric"
            {...form.getInputProps('superficieMq')}
          />
        )}
        <Textarea label={t('fields.note')} autosize minRows={2} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onCancel(form.isDirty())}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
