import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { EntityDrawerError } from '../../../shared/ui/entity-drawer-error.tsx';
import { RegistryDetailView } from '../../../shared/ui/registry/registry-detail-view.tsx';
import {
  useContactAssignmentsQuery,
  useContactQuery,
  useDeleteContactMutation,
  useUpdateContactMutation,
} from '../contacts-api.ts';
import { currentContactSet } from '../contacts-slice.ts';
import { ContactForm } from './contact-form.tsx';

export interface ContactDetailProps {
  id: number;
  onClose: () => void;
}

const dateFormat = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric' });
const formatDate = (iso: string | null) =>
  iso ? dateFormat.format(new Date(iso.length === 10 ? `${iso}T00:00:00` : iso)) : '';

/** A contact's drawer: header, editable form, delete, its assignments (attachments: app/drawers/contacts.tsx). */
export function ContactDetail({ id, onClose }: ContactDetailProps) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { data, isError, isFetching, refetch } = useContactQuery(id);
  const [update, updating] = useUpdateContactMutation();
  const [remove, removing] = useDeleteContactMutation();

  // The contact open in the drawer is the current contact (spec section 3).
  useEffect(() => {
    dispatch(currentContactSet(id));
    return () => {
      dispatch(currentContactSet(null));
    };
  }, [dispatch, id]);

  if (isError) return <EntityDrawerError onRetry={() => void refetch()} />;
  if (!data) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  return (
    <RegistryDetailView
      record={data}
      Form={ContactForm}
      saving={updating.isLoading || isFetching}
      deleting={removing.isLoading}
      onSave={(body) => update({ id: data.id, body }).unwrap()}
      onDelete={(objVersion) => remove({ id: data.id, objVersion }).unwrap()}
      onClose={onClose}
    >
      <ContactExtras id={data.id} />
    </RegistryDetailView>
  );
}

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
