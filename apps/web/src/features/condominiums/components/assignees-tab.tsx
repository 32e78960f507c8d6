import { Badge, Group, Loader, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FILTER_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@stabile/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useAssigneesQuery } from '../condominiums-api.ts';
import { formatDate } from '../format.ts';

/** The people with an assignment in the condominium, with their roles; a name opens the contact. */
export function AssigneesTab({ condominioId }: { condominioId: number }) {
  const { t } = useTranslation(['condominiums', 'common']);
  const openDetails = useOpenEntityDetails();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), FILTER_DEBOUNCE_MS);
  const searchQuery = debounced.length >= SEARCH_MIN_LENGTH ? debounced : undefined;
  const { data, isFetching } = useAssigneesQuery({ id: condominioId, searchQuery });
  return (
    <Stack gap="sm">
      <TextInput
        label={t('assigneesTitle')}
        placeholder={t('assigneesSearch')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      {!data && isFetching && <Loader size="sm" role="status" aria-label={t('common:loading')} />}
      {data && data.length === 0 && (
        <Text c="gray.7">{searchQuery ? t('common:noResults') : t('assigneesEmpty')}</Text>
      )}
      {data && data.length > 0 && (
        <Table aria-label={t('assigneesTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.persona')}</Table.Th>
              <Table.Th>{t('fields.ruoli')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((p) => (
              <Table.Tr key={p.personaID}>
                <Table.Td>
                  <UnstyledButton
                    fw={600}
                    c="brand.9"
                    td="underline"
                    onClick={() => openDetails('persona', p.personaID)}
                  >
                    {p.descr}
                  </UnstyledButton>
                  {(p.telefono1 || p.email) && (
                    <Text size="sm" c="gray.7">
                      {[p.telefono1, p.email].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {p.ruoli.map((r) => (
                      <Badge
                        key={r.incaricoID}
                        variant="dot"
                        title={[formatDate(r.dataInizio), formatDate(r.dataFine)].filter(Boolean).join(' – ')}
                      >
                        {r.tipoIncaricoDescr}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
