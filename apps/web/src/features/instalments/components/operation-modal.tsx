import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  isoDateToday,
  PaymentDistribution,
  paymentDistributionLabels,
  registerRimborsoBodySchema,
  registerVersamentoBodySchema,
  surplusVersamentoBodySchema,
} from '@stabile/contract';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContiLookupQuery } from '../../../shared/api/lookups-api.ts';
import { firstError } from '../../../shared/forms/first-error.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { euro, parseEuroInput } from '../format.ts';
import {
  newIdempotencyKey,
  type RataDettaglioArgs,
  type RataDettaglioData,
  useRegisterRimborsoMutation,
  useRegisterVersamentoMutation,
  useSurplusVersamentoMutation,
} from '../instalments-api.ts';

export type OperationKind = 'versamento' | 'rimborso' | 'eccedenza';

export interface OperationModalProps {
  kind: OperationKind | null;
  onClose: () => void;
  detail: RataDettaglioData;
  detailArgs: RataDettaglioArgs;
}

interface Values {
  anagrID: string;
  data: string;
  importo: string;
  contoID: string;
  modalita: string;
  distribuzione: string;
  descrizione: string;
}

const METHODS = ['Bonifico', 'Contanti', 'Assegno', 'MAV', 'PagoPA', 'Carta'];
const SCHEMAS = {
  versamento: registerVersamentoBodySchema,
  rimborso: registerRimborsoBodySchema,
  eccedenza: surplusVersamentoBodySchema,
} as const;
/** Form fields by the name of the body's field. */
const FIELD_OF: Record<string, keyof Values> = { anagrID: 'anagrID', importo: 'importo', contoID: 'contoID' };

/**
 * Records a payment, a refund of the surplus or the use of the surplus for one group. The form checks
 * the contract's schema (first error only, focused and scrolled into view), asks before discarding
 * typed data, and sends one idempotency key per opening, so a retried submit records nothing twice.
 */
export function OperationModal({ kind, onClose, detail, detailArgs }: OperationModalProps) {
  const { t } = useTranslation(['instalments', 'common']);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const key = useRef(newIdempotencyKey());
  const [versamento, paying] = useRegisterVersamentoMutation();
  const [rimborso, refunding] = useRegisterRimborsoMutation();
  const [eccedenza, using] = useSurplusVersamentoMutation();
  const conti = useContiLookupQuery({ TipoConto: 1, EserciziID: detail.esercizio.id }, { skip: !kind });
  const payers = useMemo(() => {
    const ids = new Map<number, string>();
    for (const r of detail.rate) ids.set(r.anagraficaID, r.anagraficaDescr);
    const own = detailArgs.anagrID == null ? null : Number(detailArgs.anagrID);
    if (own !== null && !ids.has(own)) ids.set(own, detail.description);
    return [...ids.entries()].map(([value, label]) => ({ value: String(value), label }));
  }, [detail, detailArgs.anagrID]);

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      anagrID: String(detailArgs.anagrID ?? payers[0]?.value ?? ''),
      data: isoDateToday(),
      importo: '',
      contoID: '',
      modalita: 'Bonifico',
      distribuzione: String(PaymentDistribution.ByOldestInstalment),
      descrizione: '',
    },
    validate: (values) => {
      if (!kind) return {};
      if (parseEuroInput(values.importo) === null && values.importo.trim() !== '') {
        return { importo: "L'importo deve essere un numero con al massimo due decimali" };
      }
      const error = firstError(SCHEMAS[kind], toBody(values, kind));
      if (!error) return {};
      return { [FIELD_OF[error.field] ?? error.field]: error.message };
    },
  });

  const toBody = (values: Values, k: OperationKind) => ({
    condGenID: detail.condominio.id,
    esercizioID: detail.esercizio.id,
    anagrID: values.anagrID ? Number(values.anagrID) : undefined,
    listaUnitaID: detailArgs.listaUnitaID ?? null,
    data: values.data,
    importo: parseEuroInput(values.importo) ?? undefined,
    descrizione: values.descrizione || null,
    ...(k !== 'eccedenza'
      ? { contoID: values.contoID ? Number(values.contoID) : undefined, modalita: values.modalita || null }
      : {}),
    ...(k !== 'rimborso' ? { distribuzione: Number(values.distribuzione) } : {}),
  });

  const close = () => {
    form.reset();
    key.current = newIdempotencyKey();
    setConfirmDiscard(false);
    onClose();
  };
  const requestClose = () => (form.isDirty() ? setConfirmDiscard(true) : close());

  const submit = form.onSubmit(
    async (values) => {
      if (!kind) return;
      const body = toBody(values, kind) as never;
      const args = { body, key: key.current, detail: detailArgs };
      const run =
        kind === 'versamento' ? versamento(args) : kind === 'rimborso' ? rimborso(args) : eccedenza(args);
      const result = await run;
      if ('error' in result) return isQueuedError(result.error) ? close() : undefined;
      const surplus = kind === 'versamento' ? result.data.eccedenza : 0;
      notifications.show({
        color: 'green',
        message: surplus > 0 ? t('recordedSurplus', { amount: euro(surplus) }) : t('recorded'),
      });
      close();
    },
    (errors) => {
      const field = Object.keys(errors)[0];
      if (!field) return;
      const node = form.getInputNode(field);
      node?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      node?.focus();
    },
  );

  const title =
    kind === 'rimborso' ? t('refundTitle') : kind === 'eccedenza' ? t('surplusTitle') : t('paymentTitle');
  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:close') }}
        closeOnEscape={false}
        opened={kind !== null && !confirmDiscard}
        onClose={requestClose}
        title={title}
        size="lg"
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {kind === 'versamento'
                ? t('outstanding', { amount: euro(detail.saldo) })
                : t('available', { amount: euro(detail.eccedenza) })}
            </Text>
            <Select
              label={t('payer')}
              data={payers}
              required
              allowDeselect={false}
              {...form.getInputProps('anagrID')}
            />
            <Group grow align="flex-start" wrap="wrap">
              <DateField
                label={t('data')}
                required
                value={form.values.data}
                onChange={(value) => form.setFieldValue('data', value)}
                error={form.errors.data}
              />
              <TextInput
                label={t('importo')}
                required
                inputMode="decimal"
                placeholder="0,00"
                {...form.getInputProps('importo')}
              />
            </Group>
            {kind !== 'eccedenza' && (
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label={t('conto')}
                  placeholder={t('contoPlaceholder')}
                  required
                  data={(conti.data ?? []).map((c) => ({ value: String(c.id), label: c.descr }))}
                  {...form.getInputProps('contoID')}
                />
                <Select label={t('modalita')} data={METHODS} {...form.getInputProps('modalita')} />
              </Group>
            )}
            {kind !== 'rimborso' && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="operation-distribution">
                  {t('distribuzione')}
                </Text>
                <SegmentedControl
                  aria-labelledby="operation-distribution"
                  data={Object.entries(paymentDistributionLabels).map(([value, label]) => ({ value, label }))}
                  {...form.getInputProps('distribuzione')}
                />
              </Stack>
            )}
            <TextInput label={t('descrizione')} maxLength={200} {...form.getInputProps('descrizione')} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={requestClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={paying.isLoading || refunding.isLoading || using.isLoading}>
                {t('record')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:close') }}
        closeOnEscape={false}
        opened={confirmDiscard}
        onClose={() => setConfirmDiscard(false)}
        title={t('discardTitle')}
      >
        <Text mb="md">{t('discardText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmDiscard(false)}>
            {t('keepEditing')}
          </Button>
          <Button color="red" onClick={close}>
            {t('discard')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
