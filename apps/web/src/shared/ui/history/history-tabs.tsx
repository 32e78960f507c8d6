import { Tabs } from '@mantine/core';
import type { HistoryKind } from '@stabile/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from './record-history.tsx';

export interface HistoryTabsProps {
  kind: HistoryKind;
  id: number;
  /** The drawer's own content (the record's tab). */
  children: ReactNode;
}

/**
 * A drawer's two tabs: the record itself, and its "Cronologia modifiche". The record's tab stays
 * mounted (a form being edited keeps its changes); the history is read only when its tab is shown.
 */
export function HistoryTabs({ kind, id, children }: HistoryTabsProps) {
  const { t } = useTranslation('history');
  const [tab, setTab] = useState<string | null>('scheda');
  return (
    <Tabs value={tab} onChange={setTab}>
      <Tabs.List mb="md">
        <Tabs.Tab value="scheda">{t('recordTab')}</Tabs.Tab>
        <Tabs.Tab value="cronologia">{t('tab')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="scheda">{children}</Tabs.Panel>
      <Tabs.Panel value="cronologia">
        {tab === 'cronologia' && <RecordHistory kind={kind} id={id} />}
      </Tabs.Panel>
    </Tabs>
  );
}
