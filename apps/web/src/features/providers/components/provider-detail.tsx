import { Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { EntityDrawerError } from '../../../shared/ui/entity-drawer-error.tsx';
import { RegistryDetailView } from '../../../shared/ui/registry/registry-detail-view.tsx';
import { useDeleteProviderMutation, useProviderQuery, useUpdateProviderMutation } from '../providers-api.ts';
import { currentProviderSet } from '../providers-slice.ts';
import { ProviderForm } from './provider-form.tsx';

export interface ProviderDetailProps {
  id: number;
  onClose: () => void;
}

/** A provider's drawer: header (activity type, DURC state), editable form, delete. */
export function ProviderDetail({ id, onClose }: ProviderDetailProps) {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const { data, isError, isFetching, refetch } = useProviderQuery(id);
  const [update, updating] = useUpdateProviderMutation();
  const [remove, removing] = useDeleteProviderMutation();

  // The provider open in the drawer is the current provider (spec section 3).
  useEffect(() => {
    dispatch(currentProviderSet(id));
    return () => {
      dispatch(currentProviderSet(null));
    };
  }, [dispatch, id]);

  if (isError) return <EntityDrawerError onRetry={() => void refetch()} />;
  if (!data) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  return (
    <RegistryDetailView
      record={data}
      Form={ProviderForm}
      saving={updating.isLoading || isFetching}
      deleting={removing.isLoading}
      onSave={(body) => update({ id: data.id, body }).unwrap()}
      onDelete={(objVersion) => remove({ id: data.id, objVersion }).unwrap()}
      onClose={onClose}
    />
  );
}
