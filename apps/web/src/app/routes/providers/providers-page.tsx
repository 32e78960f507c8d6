import { ProviderList } from '../../../features/providers/components/provider-list.tsx';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { RegistryPage } from '../registry-page.tsx';

const ProviderCreateModal = lazyNamed(
  () => import('../../../features/providers/components/provider-create-modal.tsx'),
  'ProviderCreateModal',
);

/** /providers: the providers' list (with its filters), the "addProvider" modal. */
export function ProvidersPage() {
  return (
    <RegistryPage ns="providers" modal="addProvider" List={ProviderList} CreateModal={ProviderCreateModal} />
  );
}

export { ProvidersPage as Component };
