import { Group } from '@mantine/core';
import { EsportaApi } from '@stabile/contract';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { ExportMenu } from '../../../shared/ui/export-menu.tsx';
import { RegistryListView } from '../../../shared/ui/registry/registry-list-view.tsx';
import { useRegistrySearch } from '../../../shared/ui/registry/use-registry-search.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useContactsQuery } from '../contacts-api.ts';
import { contactsPageChanged, contactsSearchChanged, selectContactsPageContext } from '../contacts-slice.ts';

export interface ContactListProps {
  onCreate: () => void;
}

/** Contacts: 15 a page in description order, search from 3 characters; the page context is state. */
export function ContactList({ onCreate }: ContactListProps) {
  const dispatch = useAppDispatch();
  const { searchText, pageNumber } = useAppSelector(selectContactsPageContext);
  const searchQuery = useRegistrySearch(searchText);
  const { data, isFetching, isError, refetch } = useContactsQuery({
    pageNumber,
    ...(searchQuery ? { searchQuery } : {}),
  });
  const open = useOpenEntityDetails();
  return (
    <RegistryListView
      ns="contacts"
      idColumn="codiceFiscale"
      search={searchText}
      onSearchChange={(text) => dispatch(contactsSearchChanged(text))}
      searchQuery={searchQuery}
      page={pageNumber}
      onPageChange={(page) => dispatch(contactsPageChanged(page))}
      data={data}
      isFetching={isFetching}
      isError={isError}
      onRetry={() => void refetch()}
      onOpen={(id) => open('persona', id)}
      onCreate={onCreate}
      filters={
        <Group justify="flex-end">
          <ExportMenu endpoint={EsportaApi.contatti} query={{ searchQuery }} />
        </Group>
      }
    />
  );
}
