import { Text, TextInput } from '@mantine/core';
import { SEARCH_MIN_LENGTH } from '@stabile/contract';
import { IconSearch } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export interface ListSearchInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  style?: CSSProperties;
}

/**
 * The search field of a list page. Until the text reaches the length a search starts at, a hint
 * says so inside the field, on its right: as the field's description above it, the hint pushed the
 * field (and the list under it) down at the first letter typed and back up at the third.
 */
export function ListSearchInput({ value, onChange, placeholder, style }: ListSearchInputProps) {
  const { t } = useTranslation('common');
  const length = value.trim().length;
  const hint = length > 0 && length < SEARCH_MIN_LENGTH;
  return (
    <TextInput
      label={t('search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      // Always there, empty while not needed, so that a screen reader announces the hint when it
      // appears (Mantine keeps aria-describedby for its own description and error).
      rightSection={
        <Text role="status" size="xs" c="dimmed" pr={hint ? 'sm' : 0} style={{ whiteSpace: 'nowrap' }}>
          {hint ? t('searchHint') : ''}
        </Text>
      }
      rightSectionWidth="auto"
      rightSectionPointerEvents="none"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      style={style}
    />
  );
}
