import { Group, Select } from '@mantine/core';
import { DurcState, durcStateLabels } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/date-field.tsx';

export interface DurcFieldProps {
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/** The DURC "kind|expiry date|expired date": a state and the date it needs. */
export function DurcField({ value, error, onChange }: DurcFieldProps) {
  const { t } = useTranslation('contacts');
  const [kind = '', second = '', third = ''] = value ? value.split('|') : [];
  const set = (k: string, s: string, th: string) => onChange(k ? `${k}|${s}|${th}` : '');
  return (
    <Group grow align="flex-start" wrap="wrap" gap="sm">
      <Select
        label={t('fields.durcStato')}
        value={kind || null}
        clearable
        miw={160}
        data={Object.values(DurcState).map((v) => ({ value: String(v), label: durcStateLabels[v] }))}
        error={error}
        onChange={(k) => set(k ?? '', second, third)}
      />
      {kind === String(DurcState.Expiring) || kind === String(DurcState.Present) ? (
        <DateField
          label={t('fields.durcScadenza')}
          value={second}
          miw={160}
          clearable
          onChange={(date) => set(kind, date, third)}
        />
      ) : null}
      {kind === String(DurcState.Expired) ? (
        <DateField
          label={t('fields.durcScaduto')}
          value={third}
          miw={160}
          clearable
          onChange={(date) => set(kind, second, date)}
        />
      ) : null}
    </Group>
  );
}
