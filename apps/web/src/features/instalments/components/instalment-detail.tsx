import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { instalmentTypeLabels } from '@stabile/contract';
import {
  IconCash,
  IconList,
  IconPrinter,
  IconReceipt,
  IconReceiptRefund,
  IconWallet,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../shared/hooks.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import { financialMovementsOpened } from '../../../shared/state/modals-slice.ts';
import { EntityDrawerError } from '../../../shared/ui/entity-drawer-error.tsx';
import { HistoryButton } from '../../../shared/ui/history/history-button.tsx';
import { CardList, RecordCard } from '../../../shared/ui/record-cards.tsx';
import { euro, italianDate, parseGroupDrawerId } from '../format.ts';
import {
  type RataDettaglioData,
  usePrintReceiptMutation,
  usePrintSituazioneRateMutation,
  useRataDettaglioQuery,
} from '../instalments-api.ts';
import { currentInstalmentSet } from '../instalments-slice.ts';
import { openPdf } from '../open-pdf.ts';
import { MovementsModal } from './movements-modal.tsx';
import { type OperationKind, OperationModal } from './operation-modal.tsx';
import { ScrollTable } from './scroll-table.tsx';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

type Rata = RataDettaglioData['rate'][number];
type Versamento = RataDettaglioData['versamenti'][number];

export interface InstalmentDetailProps {
  /** The drawer id: `<condominium>-<exercise>-a<registry>` or `-u<unit>`. */
  id: string;
}

/** The instalment drawer: header, totals, the instalments, payments and refunds, and the actions. */
export function InstalmentDetail({ id }: InstalmentDetailProps) {
  const { t } = useTranslation(['instalments', 'common']);
  const dispatch = useAppDispatch();
  const args = parseGroupDrawerId(id);
  const { data, isError, refetch } = useRataDettaglioQuery(args ?? { condGenID: 0, esercizioID: 0 }, {
    skip: !args,
  });
  const [operation, setOperation] = useState<OperationKind | null>(null);
  const [printStatement, statement] = usePrintSituazioneRateMutation();
  const [printReceipt, receipt] = usePrintReceiptMutation();
  // A phone: the instalments and payments as cards (as tables their amounts and receipts were cut).
  const narrow = useAppSelector(selectIsMobile);

  // The group open in the drawer is the current instalment, with the set of its instalment ids.
  const instalmentIds = data?.rate.map((r) => r.id).join(',') ?? '';
  useEffect(() => {
    dispatch(
      currentInstalmentSet({ id, instalmentIds: instalmentIds ? instalmentIds.split(',').map(Number) : [] }),
    );
    return () => {
      dispatch(currentInstalmentSet(null));
    };
  }, [dispatch, id, instalmentIds]);

  if (!args || isError) return <EntityDrawerError onRetry={() => void refetch()} />;
  if (!data) return <Loader size="sm" role="status" aria-label={t('common:loading')} />;

  const pdfFailed = () => notifications.show({ color: 'red', message: t('printFailed') });
  const statementPdf = () =>
    void openPdf(
      () =>
        printStatement({
          condGenID: args.condGenID,
          eserciziID: [args.esercizioID],
          anagrID: args.anagrID ?? null,
          listaUnitaID: args.listaUnitaID ?? null,
        })
          .unwrap()
          .catch(() => null),
      'situazione-rate.pdf',
    ).then((ok) => ok || pdfFailed());
  const receiptPdf = (versamentoID: number) =>
    void openPdf(
      () =>
        printReceipt({ versamentoID })
          .unwrap()
          .catch(() => null),
      `ricevuta-${versamentoID}.pdf`,
    ).then((ok) => ok || pdfFailed());
  const receiptButton = (v: Versamento) => (
    <Button
      size="compact-sm"
      variant="subtle"
      leftSection={<IconReceipt size={14} aria-hidden />}
      aria-label={t('printReceiptOf', { n: v.numeroRicevuta ?? v.id })}
      onClick={() => receiptPdf(v.id)}
      loading={receipt.isLoading && receipt.originalArgs?.versamentoID === v.id}
    >
      {t('printReceipt')}
    </Button>
  );
  /** An instalment's due date, marked when overdue. */
  const dueDate = (r: Rata) => (
    <>
      {italianDate(r.dataScadenza)}{' '}
      {r.scaduta && (
        <Badge color="red" variant="light" size="xs">
          {t('overdueBadge')}
        </Badge>
      )}
    </>
  );
  /** The payments that paid an instalment, with their receipts' numbers. */
  const paidBy = (r: Rata) =>
    r.versamenti
      .map(
        (v) =>
          `${italianDate(v.data)} ${euro(v.importo)}${v.numeroRicevuta ? ` (${t('receiptNr', { n: v.numeroRicevuta })})` : ''}`,
      )
      .join('; ');
  const instalmentFields = (r: Rata) => [
    {
      label: t('colScadenza'),
      value: dueDate(r),
    },
    { label: t('colImporto'), value: euro(r.importo) },
    { label: t('colVersato'), value: euro(r.versato) },
    {
      label: t('colSaldo'),
      value: (
        <Text span size="sm" fw={600} c={r.scaduta ? 'red.9' : undefined}>
          {euro(r.saldo)}
        </Text>
      ),
    },
    ...(r.versamenti.length > 0
      ? [
          {
            label: t('colPagataDa'),
            value: paidBy(r),
          },
        ]
      : []),
  ];
  const movements = () =>
    dispatch(
      financialMovementsOpened(
        args.anagrID != null
          ? { id: args.anagrID, tipoRiferimento: 0 }
          : { id: args.listaUnitaID?.[0] ?? 0, tipoRiferimento: 4 },
      ),
    );
  const closed = data.esercizio.chiuso;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text size="sm" c="gray.7">
          {t('headerCondominio')}: {data.condominio.intestazione} · {t('headerEsercizio')}:{' '}
          {data.esercizio.descrizione}
        </Text>
        <Title order={2} fz="h3">
          {data.description}
        </Title>
        <Text size="sm">{data.subList.map((s) => `${s.name} (${s.roles.join(', ')})`).join(' · ')}</Text>
      </Stack>

      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
        <Amount label={t('colDovuto')} value={data.dovuto} />
        <Amount label={t('colVersato')} value={data.versato} />
        <Amount label={t('colSaldo')} value={data.saldo} strong />
        <Amount label={t('colScaduto')} value={data.importoScaduto} danger={data.importoScaduto > 0} />
        <Amount label={t('eccedenza')} value={data.eccedenza} />
      </SimpleGrid>

      {closed && (
        <Alert color="gray" variant="light">
          {t('closedExercise')}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => setOperation('versamento')}
          disabled={closed}
        >
          {t('registerPayment')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconWallet size={16} aria-hidden />}
          onClick={() => setOperation('eccedenza')}
          disabled={closed || data.eccedenza <= 0 || data.saldo <= 0}
        >
          {t('useSurplus')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconReceiptRefund size={16} aria-hidden />}
          onClick={() => setOperation('rimborso')}
          disabled={data.eccedenza <= 0}
        >
          {t('registerRefund')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={statementPdf}
          loading={statement.isLoading}
        >
          {t('printStatement')}
        </Button>
        <Button variant="default" leftSection={<IconList size={16} aria-hidden />} onClick={movements}>
          {t('movements')}
        </Button>
      </Group>

      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('rateTitle')}
        </Title>
        {narrow ? (
          <CardList label={t('rateTitle')}>
            {data.rate.map((r) => (
              <RecordCard
                key={r.id}
                title={r.descrizione}
                subtitle={[instalmentTypeLabels[r.tipo], r.unitaDescr].filter(Boolean).join(' · ')}
                actions={<HistoryButton kind="rata" id={r.id} name={r.descrizione} />}
                fields={instalmentFields(r)}
              />
            ))}
          </CardList>
        ) : (
          <ScrollTable label={t('rateTitle')} minWidth={560}>
            <Table aria-label={t('rateTitle')} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('colRata')}</Table.Th>
                  <Table.Th>{t('colScadenza')}</Table.Th>
                  <Table.Th ta="right">{t('colImporto')}</Table.Th>
                  <Table.Th ta="right">{t('colVersato')}</Table.Th>
                  <Table.Th ta="right">{t('colSaldo')}</Table.Th>
                  <Table.Th>{t('colPagataDa')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rate.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm">{r.descrizione}</Text>
                      <Text size="xs" c="gray.7">
                        {[instalmentTypeLabels[r.tipo], r.unitaDescr].filter(Boolean).join(' · ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>{dueDate(r)}</Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {euro(r.importo)}
                    </Table.Td>
                    <Table.Td ta="right" style={NOWRAP}>
                      {euro(r.versato)}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} c={r.scaduta ? 'red.9' : undefined} style={NOWRAP}>
                      {euro(r.saldo)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{paidBy(r)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <HistoryButton kind="rata" id={r.id} name={r.descrizione} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('versamentiTitle')}
        </Title>
        {data.versamenti.length === 0 && <Text c="gray.7">{t('versamentiEmpty')}</Text>}
        {data.versamenti.length > 0 &&
          (narrow ? (
            <CardList label={t('versamentiTitle')}>
              {[...data.versamenti].reverse().map((v) => (
                <RecordCard
                  key={v.id}
                  title={`${italianDate(v.data)} · ${euro(v.importo)}`}
                  actions={receiptButton(v)}
                  fields={[
                    { label: t('payer'), value: v.anagraficaDescr },
                    ...(v.modalita ? [{ label: t('colModalita'), value: v.modalita }] : []),
                    ...(v.nonAllocato > 0
                      ? [{ label: t('colNonAllocato'), value: euro(v.nonAllocato) }]
                      : []),
                  ]}
                />
              ))}
            </CardList>
          ) : (
            <ScrollTable label={t('versamentiTitle')} minWidth={520}>
              <Table aria-label={t('versamentiTitle')} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('colData')}</Table.Th>
                    <Table.Th>{t('payer')}</Table.Th>
                    <Table.Th>{t('colModalita')}</Table.Th>
                    <Table.Th ta="right">{t('colImporto')}</Table.Th>
                    <Table.Th ta="right">{t('colNonAllocato')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...data.versamenti].reverse().map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td>{italianDate(v.data)}</Table.Td>
                      <Table.Td>{v.anagraficaDescr}</Table.Td>
                      <Table.Td>{v.modalita ?? ''}</Table.Td>
                      <Table.Td ta="right">{euro(v.importo)}</Table.Td>
                      <Table.Td ta="right">{v.nonAllocato > 0 ? euro(v.nonAllocato) : ''}</Table.Td>
                      <Table.Td>{receiptButton(v)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          ))}
      </Stack>

      {data.rimborsi.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="h4">
            {t('rimborsiTitle')}
          </Title>
          {data.rimborsi.map((r) => (
            <Group key={r.id} justify="space-between">
              <Text size="sm">
                {italianDate(r.data)} · {r.descrizione ?? ''}
              </Text>
              <Text size="sm" fw={600}>
                {euro(r.importo)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}

      <OperationModal
        key={operation ?? 'none'}
        kind={operation}
        onClose={() => setOperation(null)}
        detail={data}
        detailArgs={args}
      />
      <MovementsModal />
    </Stack>
  );
}

function Amount({
  label,
  value,
  strong,
  danger,
}: {
  label: string;
  value: number;
  strong?: boolean;
  danger?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text fw={strong || danger ? 700 : 500} c={danger ? 'red.9' : undefined} data-amount={label}>
        {euro(value)}
      </Text>
    </Stack>
  );
}
