import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registryDetail } from '../../../shared/ui/registry/registry-detail.tsx';
import {
  useContactAssignmentsQuery,
  useContactQuery,
  useDeleteContactMutation,
  useUpdateContactMutation,
} from '../contacts-api.ts';
import { currentContactSet } from '../contacts-slice.ts';
import { ContactForm } from './contact-form.tsx';

// Made on first use: a page's first Intl format loads the browser's locale data (tens of ms on a phone).
let dateFormatMade: Intl.DateTimeFormat | undefined;
const dateFormat = () =>
  (dateFormatMade ??= new Intl.DateTimeFormat('it-IT', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }));
const formatDate = (iso: string | null) =>
  iso ? dateFormat().format(new Date(iso.length === 10 ? `${iso}T00:00:00` : iso)) : '';

/** A contact's drawer: header, editable form, delete, its assignments (attachments: app/drawers/contacts.tsx). */
export const ContactDetail = registryDetail({
  useRecord: useContactQuery,
  useUpdate: useUpdateContactMutation,
  useRemove: useDeleteContactMutation,
  currentSet: currentContactSet,
  Form: ContactForm,
  Extras: ContactExtras,
});

function ContactExtras({ id }: { id: number }) {
  const { t } = useTranslation(['contacts', 'common']);
  const incarichi = useContactAssignmentsQuery(id);
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('incarichiTitle')}
      </Title>
      {incarichi.data && incarichi.data.length === 0 && <Text c="gray.7">{t('incarichiEmpty')}</Text>}
      {incarichi.data && incarichi.data.length > 0 && (
        <Table aria-label={t('incarichiTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('incaricoTipo')}</Table.Th>
              <Table.Th>{t('incaricoCondominio')}</Table.Th>
              <Table.Th>{t('incaricoPeriodo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {incarichi.data.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.tipoIncaricoDescr}</Table.Td>
                <Table.Td>{t('condominioNr', { id: i.condominioID })}</Table.Td>
                <Table.Td>
                  {[formatDate(i.dataInizio), formatDate(i.dataFine)].filter(Boolean).join(' – ')}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
