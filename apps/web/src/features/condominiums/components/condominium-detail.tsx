import { Badge, Group, Loader, ScrollArea, Stack, Tabs, Text, Title } from '@mantine/core';
import { type PaymentAccountStatus, paymentAccountStatusLabels } from '@stabile/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../shared/hooks.ts';
import { condominiumSet } from '../../../shared/state/general-slice.ts';
import { EntityDrawerError } from '../../../shared/ui/entity-drawer-error.tsx';
import { RecordHistory } from '../../../shared/ui/history/record-history.tsx';
import type { CondominiumSection } from '../condominium-sections.ts';
import { useCondominiumQuery } from '../condominiums-api.ts';
import { AssigneesTab } from './assignees-tab.tsx';
import { CondominiumDataTab } from './condominium-data-tab.tsx';
import { CadastralTab, InsuranceTab, RegisterTab, ResourcesTab } from './condominium-record-tabs.tsx';
import { ExercisesTab } from './exercises-tab.tsx';
import { LinksTab } from './links-tab.tsx';

export interface CondominiumDetailProps {
  id: number;
  onClose: () => void;
  /** The other areas' tabs, in order (app/drawers/compose/condominium-detail.tsx collects them). */
  sections?: CondominiumSection[];
}

const noSections: CondominiumSection[] = [];

const stateColor: Record<number, string> = { 0: 'red', 1: 'gray', 2: 'green', 3: 'yellow', 4: 'orange' };

/** The condominium drawer: header summary, then a tab for each part of the record. */
export function CondominiumDetail({ id, onClose, sections = noSections }: CondominiumDetailProps) {
  const { t } = useTranslation(['condominiums', 'common', 'history']);
  const dispatch = useAppDispatch();
  const { data, isError, refetch } = useCondominiumQuery(id);
  const [tab, setTab] = useState<string | null>('dati');

  // The condominium open in the drawer is the current condominium (spec section 3).
  useEffect(() => {
    if (data) dispatch(condominiumSet({ id: data.id, descr: data.intestazione }));
  }, [dispatch, data]);

  if (isError) return <EntityDrawerError onRetry={() => void refetch()} />;
  if (!data) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          {data.intestazione}
        </Title>
        <Text c="gray.7" size="sm">
          {[
            data.indirizzo,
            [data.cap, data.citta, data.provincia && `(${data.provincia})`].filter(Boolean).join(' '),
          ]
            .filter(Boolean)
            .join(' – ')}
        </Text>
        <Group gap="xs">
          <Badge variant="outline" color="gray">
            {t('codeLabel', { codice: data.codice })}
          </Badge>
          <Badge variant="dot" color={data.gestito ? 'brand' : 'gray'}>
            {data.gestito ? t('managed') : t('notManaged')}
          </Badge>
          <Badge variant="dot" color={stateColor[data.statoContoPagamenti] ?? 'gray'}>
            {`${t('fields.statoContoPagamenti')}: ${paymentAccountStatusLabels[data.statoContoPagamenti as PaymentAccountStatus]}`}
          </Badge>
          {data.portaleAttivo && (
            <Badge variant="dot" color="teal">
              {t('portalActive')}
            </Badge>
          )}
        </Group>
      </Stack>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            <Tabs.Tab value="dati">{t('tabs.dati')}</Tabs.Tab>
            <Tabs.Tab value="esercizi">{t('tabs.esercizi')}</Tabs.Tab>
            <Tabs.Tab value="assicurazioni">{t('tabs.assicurazioni')}</Tabs.Tab>
            <Tabs.Tab value="catasto">{t('tabs.catasto')}</Tabs.Tab>
            <Tabs.Tab value="registro">{t('tabs.registro')}</Tabs.Tab>
            <Tabs.Tab value="risorse">{t('tabs.risorse')}</Tabs.Tab>
            <Tabs.Tab value="incarichi">{t('tabs.incarichi')}</Tabs.Tab>
            {sections.map((section) => (
              <Tabs.Tab key={section.key} value={section.key}>
                {section.title()}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value="collegamenti">{t('tabs.collegamenti')}</Tabs.Tab>
            <Tabs.Tab value="cronologia">{t('history:tab')}</Tabs.Tab>
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value="dati" pt="md">
          <CondominiumDataTab condominium={data} onDeleted={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="esercizi" pt="md">
          <ExercisesTab condominium={data} />
        </Tabs.Panel>
        <Tabs.Panel value="assicurazioni" pt="md">
          <InsuranceTab condominioId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="catasto" pt="md">
          <CadastralTab condominioId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="registro" pt="md">
          <RegisterTab condominioId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="risorse" pt="md">
          <ResourcesTab condominioId={data.id} />
        </Tabs.Panel>
        <Tabs.Panel value="incarichi" pt="md">
          <AssigneesTab condominioId={data.id} />
        </Tabs.Panel>
        {sections.map((section) => (
          <Tabs.Panel key={section.key} value={section.key} pt="md">
            <section.Component condominioId={data.id} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="collegamenti" pt="md">
          <LinksTab condominium={data} onNavigate={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="cronologia" pt="md">
          <RecordHistory kind="condominio" id={data.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
