import { Select } from '@mantine/core';
import { fornitoreCreateSchema } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { useTipiAttivitaFornitoreQuery } from '../../../shared/api/lookups-api.ts';
import {
  type RegistryFieldContext,
  RegistryForm,
  type RegistryKindFormProps,
} from '../../../shared/ui/registry/registry-form.tsx';
import { DurcField } from './durc-field.tsx';

export type ProviderFormProps = RegistryKindFormProps;

/**
 * A provider's form: the common fields plus activity type and DURC, validated with the provider
 * schema (fiscal code of a person or 11 digits, VAT number with its check digit).
 */
export function ProviderForm(props: ProviderFormProps) {
  const { t } = useTranslation('contacts');
  return (
    <RegistryForm
      {...props}
      schema={fornitoreCreateSchema}
      label={t('formProvider')}
      extraFields={{
        anagrafica: (context) => <ActivityTypeField {...context} />,
        fiscale: ({ values, set, errors }) => (
          <DurcField value={values.durc} error={errors.durc} onChange={(durc) => set({ durc })} />
        ),
      }}
    />
  );
}

function ActivityTypeField({ values, set, errors }: RegistryFieldContext) {
  const { t } = useTranslation('contacts');
  const tipiAttivita = useTipiAttivitaFornitoreQuery();
  return (
    <Select
      label={t('fields.tipoAttivitaID')}
      clearable
      searchable
      value={values.tipoAttivitaID > 0 ? String(values.tipoAttivitaID) : null}
      data={(tipiAttivita.data ?? []).map((x) => ({ value: String(x.id), label: x.testo }))}
      error={errors.tipoAttivitaID}
      onChange={(v) => set({ tipoAttivitaID: v ? Number(v) : 0 })}
    />
  );
}
