import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { RegistryListView } from '../../../shared/ui/registry/registry-list-view.tsx';
import { useRegistrySearch } from '../../../shared/ui/registry/use-registry-search.ts';
import { useOpenEntityDetails } from '../../../shared/ui/use-open-entity-details.ts';
import { useProvidersQuery } from '../providers-api.ts';
import {
  providersPageChanged,
  providersSearchChanged,
  selectProvidersPageContext,
} from '../providers-slice.ts';

export interface ProviderListProps {
  onCreate: () => void;
}

/** Providers: 15 a page in description order, search from 3 characters; the page context is state. */
export function ProviderList({ onCreate }: ProviderListProps) {
  const dispatch = useAppDispatch();
  const { searchText, pageNumber } = useAppSelector(selectProvidersPageContext);
  const searchQuery = useRegistrySearch(searchText);
  const { data, isFetching, isError, refetch } = useProvidersQuery({
    pageNumber,
    ...(searchQuery ? { searchQuery } : {}),
  });
  const open = useOpenEntityDetails();
  return (
    <RegistryListView
      ns="providers"
      idColumn="partitaIva"
      search={searchText}
      onSearchChange={(text) => dispatch(providersSearchChanged(text))}
      searchQuery={searchQuery}
      page={pageNumber}
      onPageChange={(page) => dispatch(providersPageChanged(page))}
      data={data}
      isFetching={isFetching}
      isError={isError}
      onRetry={() => void refetch()}
      onOpen={(id) => open('fornitore', id)}
      onCreate={onCreate}
    />
  );
}
