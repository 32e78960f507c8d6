import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../shared/hooks.ts';
import { type ModalKind, modalOpened } from '../../shared/state/modals-slice.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { OnceModalOpened } from '../layout/lazy-layers.tsx';

export interface RegistryPageProps {
  /** The kind's i18n namespace: its `title` and `new` label. */
  ns: 'contacts' | 'providers';
  /** The kind's create modal ("addContact", "addProvider"). */
  modal: ModalKind;
  List: ComponentType<{ onCreate: () => void }>;
  /** Loaded when it first opens, not with the list (lazyNamed). */
  CreateModal: ComponentType;
}

/** /contacts and /providers: header with the create action, the kind's list, its create modal. */
export function RegistryPage({ ns, modal, List, CreateModal }: RegistryPageProps) {
  const { t } = useTranslation(ns);
  const dispatch = useAppDispatch();
  const create = () => dispatch(modalOpened(modal));
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={create}>
            {t('new')}
          </Button>
        }
      />
      <List onCreate={create} />
      <OnceModalOpened kind={modal}>
        <CreateModal />
      </OnceModalOpened>
    </>
  );
}
