import { Loader } from '@mantine/core';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Registry } from '@stabile/contract';
import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../hooks.ts';
import { EntityDrawerError } from '../entity-drawer-error.tsx';
import { RegistryDetailView } from './registry-detail-view.tsx';
import type { RegistryKindFormProps } from './registry-form.tsx';
import type { RegistryBody } from './registry-form-values.ts';

type Trigger<A> = (arg: A) => { unwrap(): Promise<unknown> };

/** What a registry kind gives its drawer: its api's hooks, its slice's action, its form. */
export interface RegistryDetailKind {
  useRecord: (id: number) => {
    data?: Registry | undefined;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  useUpdate: () => readonly [
    Trigger<{ id: number; body: RegistryBody & { objVersion: number } }>,
    { isLoading: boolean },
  ];
  useRemove: () => readonly [Trigger<{ id: number; objVersion: number }>, { isLoading: boolean }];
  /** The slice's "current record" action (spec section 3: the record open in the drawer is current). */
  currentSet: (id: number | null) => UnknownAction;
  Form: ComponentType<RegistryKindFormProps>;
  /** What only this kind shows below the form (a contact's assignments). */
  Extras?: ComponentType<{ id: number }>;
}

export interface RegistryDetailProps {
  id: number;
  onClose: () => void;
}

/** The drawer body of one registry kind (contact, provider): loading, error, form, delete, extras. */
export function registryDetail({
  useRecord,
  useUpdate,
  useRemove,
  currentSet,
  Form,
  Extras,
}: RegistryDetailKind): ComponentType<RegistryDetailProps> {
  return function RegistryDetail({ id, onClose }: RegistryDetailProps) {
    const { t } = useTranslation('common');
    const dispatch = useAppDispatch();
    const { data, isError, isFetching, refetch } = useRecord(id);
    const [update, updating] = useUpdate();
    const [remove, removing] = useRemove();

    useEffect(() => {
      dispatch(currentSet(id));
      return () => {
        dispatch(currentSet(null));
      };
    }, [dispatch, id]);

    if (isError) return <EntityDrawerError onRetry={() => void refetch()} />;
    if (!data) return <Loader size="sm" role="status" aria-label={t('loading')} />;
    return (
      <RegistryDetailView
        record={data}
        Form={Form}
        saving={updating.isLoading || isFetching}
        deleting={removing.isLoading}
        onSave={(body) => update({ id: data.id, body }).unwrap()}
        onDelete={(objVersion) => remove({ id: data.id, objVersion }).unwrap()}
        onClose={onClose}
      >
        {Extras && <Extras id={data.id} />}
      </RegistryDetailView>
    );
  };
}
