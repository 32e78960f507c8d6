import { Autocomplete, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Localita } from '@stabile/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLazyLocalitaQuery } from '../../api/lookups-api.ts';

export interface AddressFieldsProps {
  prefix: '' | 'recapito';
  cap: string;
  citta: string;
  provincia: string;
  errors: Record<string, string>;
  onChange: (changes: { cap?: string; citta?: string; provincia?: string }) => void;
}

const field = (prefix: string, name: 'cap' | 'citta' | 'provincia') =>
  prefix ? `${prefix}${name[0]?.toUpperCase()}${name.slice(1)}` : name;

/** CAP, city and province: a 5-digit CAP fills city and province; a chosen city fills province and CAP. */
export function AddressFields({ prefix, cap, citta, provincia, errors, onChange }: AddressFieldsProps) {
  const { t } = useTranslation('contacts');
  const [lookup] = useLazyLocalitaQuery();
  const [cityOptions, setCityOptions] = useState<Localita[]>([]);
  const [typedCity] = useDebouncedValue(citta, 250);

  const onCap = async (value: string) => {
    onChange({ cap: value });
    if (!/^\d{5}$/.test(value)) return;
    const found = await lookup({ cap: value }, true)
      .unwrap()
      .catch(() => []);
    const first = found[0];
    if (first) onChange({ cap: value, citta: first.citta, provincia: first.prov });
  };

  useEffect(() => {
    if (typedCity.trim().length < 2) return;
    let active = true;
    lookup({ citta: typedCity.trim() }, true)
      .unwrap()
      .then((rows) => active && setCityOptions(rows))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [typedCity, lookup]);

  const labels = useMemo(() => {
    const seen = new Map<string, Localita>();
    for (const row of cityOptions) {
      const key = `${row.citta} (${row.prov})`;
      if (!seen.has(key)) seen.set(key, row);
    }
    return seen;
  }, [cityOptions]);

  const onCity = (label: string) => {
    const chosen = labels.get(label);
    if (!chosen) return;
    const capsOfCity = cityOptions
      .filter((r) => r.citta === chosen.citta && r.prov === chosen.prov)
      .map((r) => r.cap);
    onChange({
      citta: chosen.citta,
      provincia: chosen.prov,
      cap: capsOfCity.includes(cap) ? cap : (capsOfCity[0] ?? cap),
    });
  };

  return (
    <Group grow align="flex-start" wrap="wrap" gap="sm">
      <TextInput
        label={t(prefix ? 'fields.recapitoCap' : 'fields.cap')}
        value={cap}
        inputMode="numeric"
        maxLength={5}
        miw={100}
        error={errors[field(prefix, 'cap')]}
        onChange={(e) => void onCap(e.currentTarget.value)}
      />
      <Autocomplete
        label={t(prefix ? 'fields.recapitoCitta' : 'fields.citta')}
        value={citta}
        miw={180}
        data={[...labels.keys()]}
        filter={({ options }) => options}
        error={errors[field(prefix, 'citta')]}
        onChange={(value) => (labels.has(value) ? onCity(value) : onChange({ citta: value }))}
      />
      <TextInput
        label={t(prefix ? 'fields.recapitoProvincia' : 'fields.provincia')}
        value={provincia}
        maxLength={2}
        miw={80}
        error={errors[field(prefix, 'provincia')]}
        onChange={(e) => onChange({ provincia: e.currentTarget.value.toUpperCase() })}
      />
    </Group>
  );
}
