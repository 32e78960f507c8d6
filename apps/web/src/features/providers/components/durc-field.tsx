import { Group, Select, TextInput } from '@mantine/core';
import { DurcState, durcStateLabels } from '@stabile/contract';
import { useTranslation } from 'react-i18next';

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
        <TextInput
          type="date"
          label={t('fields.durcScadenza')}
          value={second}
          miw={160}
          onChange={(e) => set(kind, e.currentTarget.value, third)}
        />
      ) : null}
      {kind === String(DurcState.Expired) ? (
        <TextInput
          type="date"
          label={t('fields.durcScaduto')}
          value={third}
          miw={160}
          onChange={(e) => set(kind, second, e.currentTarget.value)}
        />
      ) : null}
    </Group>
  );
}
