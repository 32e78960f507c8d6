import { registryDetail } from '../../../shared/ui/registry/registry-detail.tsx';
import { useDeleteProviderMutation, useProviderQuery, useUpdateProviderMutation } from '../providers-api.ts';
import { currentProviderSet } from '../providers-slice.ts';
import { ProviderForm } from './provider-form.tsx';

/** A provider's drawer: header (activity type, DURC state), editable form, delete. */
export const ProviderDetail = registryDetail({
  useRecord: useProviderQuery,
  useUpdate: useUpdateProviderMutation,
  useRemove: useDeleteProviderMutation,
  currentSet: currentProviderSet,
  Form: ProviderForm,
});
