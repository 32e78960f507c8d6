import { Button, Checkbox, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { priorities, priorityLabels, serviceTypeLabels, serviceTypes } from '@stabile/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDateField as DateField } from '../../../shared/ui/lazy-date-field.tsx';
import {
  useActivityCondominiumsQuery,
  useActivityExercisesQuery,
  useActivityOperatorsQuery,
  useActivityProvidersQuery,
  useActivityTypesQuery,
  useApplicantsQuery,
} from '../activities-api.ts';
import { type ActivityFilterValues, emptyFilters } from './activity-filter-values.ts';

export interface ActivityFiltersProps {
  values: ActivityFilterValues;
  onChange: (values: ActivityFilterValues) => void;
}

export function ActivityFilters({ values, onChange }: ActivityFiltersProps) {
  const { t } = useTranslation(['activities', 'common']);
  const [providerSearch, setProviderSearch] = useState('');
  const [applicantSearch, setApplicantSearch] = useState('');
  const [providerQuery] = useDebouncedValue(providerSearch.trim(), 300);
  const [applicantQuery] = useDebouncedValue(applicantSearch.trim(), 300);
  const condominiums = useActivityCondominiumsQuery();
  const types = useActivityTypesQuery();
  const operators = useActivityOperatorsQuery();
  const providers = useActivityProvidersQuery(providerQuery.length >= 3 ? providerQuery : '');
  const applicants = useApplicantsQuery(applicantQuery.length >= 3 ? applicantQuery : '');
  const exercises = useActivityExercisesQuery(Number(values.condGenID), { skip: !values.condGenID });
  const set = (key: keyof ActivityFilterValues, value: string | boolean | null) =>
    onChange({
      ...values,
      [key]: value ?? '',
      // An exercise belongs to one condominium: another condominium clears it.
      ...(key === 'condGenID' ? { esercizioID: '' } : {}),
    });

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        <Select
          label={t('fields.condominio')}
          data={(condominiums.data ?? []).map((c) => ({ value: String(c.id), label: c.intestazione }))}
          value={values.condGenID || null}
          onChange={(v) => set('condGenID', v)}
          searchable
          clearable
          nothingFoundMessage={t('common:noResults')}
        />
        <Select
          label={t('fields.fornitore')}
          data={(providers.data ?? []).map((p) => ({ value: String(p.id), label: p.descr }))}
          value={values.fornitoreID || null}
          onChange={(v) => set('fornitoreID', v)}
          searchable
          clearable
          searchValue={providerSearch}
          onSearchChange={setProviderSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t('common:noResults')}
        />
        <Select
          label={t('fields.priorita')}
          data={priorities.map((p) => ({ value: String(p), label: priorityLabels[p] }))}
          value={values.priorita || null}
          onChange={(v) => set('priorita', v)}
          clearable
        />
        <Select
          label={t('fields.tipo')}
          data={(types.data ?? []).map((ty) => ({ value: String(ty.id), label: ty.descr }))}
          value={values.tipoSegnalazID || null}
          onChange={(v) => set('tipoSegnalazID', v)}
          clearable
        />
        <Select
          label={t('fields.richiedente')}
          data={(applicants.data ?? []).map((a) => ({ value: String(a.id), label: a.descr }))}
          value={values.richiedenteID || null}
          onChange={(v) => set('richiedenteID', v)}
          searchable
          clearable
          searchValue={applicantSearch}
          onSearchChange={setApplicantSearch}
          filter={({ options }) => options}
          nothingFoundMessage={t('common:noResults')}
        />
        <Select
          label={t('fields.gestore')}
          data={[...new Set((operators.data ?? []).map((o) => o.nome))]}
          value={values.gestore || null}
          onChange={(v) => set('gestore', v)}
          searchable
          clearable
        />
        <Select
          label={t('fields.servizio')}
          data={serviceTypes.map((s) => ({ value: String(s), label: serviceTypeLabels[s] }))}
          value={values.servizio || null}
          onChange={(v) => set('servizio', v)}
          clearable
        />
        <Select
          label={t('fields.esercizio')}
          data={(exercises.data ?? []).map((e) => ({ value: String(e.id), label: e.descrizione }))}
          value={values.esercizioID || null}
          onChange={(v) => set('esercizioID', v)}
          disabled={!values.condGenID}
          placeholder={values.condGenID ? undefined : t('esercizioNeedsCondominio')}
          clearable
        />
        <DateField
          label={t('fields.dataDa')}
          value={values.dataDa}
          onChange={(date) => set('dataDa', date)}
          clearable
        />
        <DateField
          label={t('fields.dataA')}
          value={values.dataA}
          onChange={(date) => set('dataA', date)}
          clearable
        />
      </SimpleGrid>
      <Group gap="lg">
        <Checkbox
          label={t('fields.avvisi')}
          checked={values.avvisi}
          onChange={(e) => set('avvisi', e.currentTarget.checked)}
        />
        <Checkbox
          label={t('fields.attive')}
          checked={values.attive}
          onChange={(e) => set('attive', e.currentTarget.checked)}
        />
        <Checkbox
          label={t('fields.datiIncompleti')}
          checked={values.datiIncompleti}
          onChange={(e) => set('datiIncompleti', e.currentTarget.checked)}
        />
        <Button variant="subtle" size="xs" onClick={() => onChange(emptyFilters)}>
          {t('clearFilters')}
        </Button>
      </Group>
    </Stack>
  );
}
