import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  InstalmentSplit,
  InstalmentType,
  instalmentTypeLabels,
  nuovaRataBodySchema,
} from '@stabile/contract';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, revealFirstInvalid } from '../../../shared/forms/first-error.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';
import { euro, parseEuroInput } from '../format.ts';
import { newIdempotencyKey, useNuovaRataMutation, useUnitaAnagraficaQuery } from '../instalments-api.ts';

export interface NewInstalmentModalProps {
  opened: boolean;
  onClose: () => void;
  condominioId: number;
  esercizio: { id: number; descrizione: string };
  condominioName: string;
}

interface Values {
  tipoRata: string;
  descrizione: string;
  dataScadenza: string;
  importo: string;
  ripartizione: string;
  anagrID: string;
  unitaID: string;
}

const initialValues: Values = {
  tipoRata: String(InstalmentType.Preventive),
  descrizione: '',
  dataScadenza: '',
  importo: '',
  ripartizione: String(InstalmentSplit.Millesimi),
  anagrID: '',
  unitaID: '',
};

/**
 * The add-instalment modal (spec section 2, Modals): issues one instalment of the chosen exercise,
 * shared over every unit by ownership thousandths (ordinary ones 30% on a tenant, extraordinary ones
 * on the owners) or owed by one registry, optionally for one of its units. One idempotency key per
 * opening, so a retried submit issues nothing twice; asks before discarding what was typed.
 */
export function NewInstalmentModal({
  opened,
  onClose,
  condominioId,
  esercizio,
  condominioName,
}: NewInstalmentModalProps) {
  const { t } = useTranslation(['instalments', 'common']);
  const key = useRef(newIdempotencyKey());
  const formRef = useRef<HTMLFormElement>(null);
  const [issue, issuing] = useNuovaRataMutation();

  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: (values) => {
      if (values.importo.trim() !== '' && parseEuroInput(values.importo) === null) {
        return { importo: t('importoNonValido') };
      }
      const error = firstError(nuovaRataBodySchema, toBody(values));
      return error ? { [error.field]: error.message } : {};
    },
  });
  const byRegistry = form.values.ripartizione === String(InstalmentSplit.Registry);
  const people = useUnitaAnagraficaQuery({ EsercizioID: esercizio.id }, { skip: !opened || !byRegistry });

  const registries = useMemo(
    () => (people.data?.anagrafiche ?? []).map((a) => ({ value: String(a.id), label: a.descr })),
    [people.data],
  );
  const unitsOfRegistry = useMemo(
    () =>
      (people.data?.ruoli ?? [])
        .filter((r) => String(r.anagraficaID) === form.values.anagrID)
        .map((r) => ({ value: String(r.unitaID), label: `${r.unitaDescr} (${r.ruolo})` })),
    [people.data, form.values.anagrID],
  );

  const toBody = (values: Values) => ({
    condGenID: condominioId,
    esercizioID: esercizio.id,
    tipoRata: Number(values.tipoRata),
    descrizione: values.descrizione,
    dataScadenza: values.dataScadenza,
    importo: parseEuroInput(values.importo) ?? undefined,
    ripartizione: Number(values.ripartizione),
    anagrID:
      values.ripartizione === String(InstalmentSplit.Registry) && values.anagrID
        ? Number(values.anagrID)
        : null,
    unitaID:
      values.ripartizione === String(InstalmentSplit.Registry) && values.unitaID
        ? Number(values.unitaID)
        : null,
  });

  const close = () => {
    form.reset();
    key.current = newIdempotencyKey();
    onClose();
  };
  const guard = useGuardedClose(() => form.isDirty(), close);

  const submit = form.onSubmit(
    async (values) => {
      const result = await issue({ body: toBody(values) as never, key: key.current });
      if ('error' in result) return isQueuedError(result.error) ? close() : undefined;
      const { rate, importo, unitaEscluse } = result.data;
      notifications.show({
        color: 'green',
        message: t('newInstalmentDone', { count: rate, amount: euro(importo) }),
      });
      if (unitaEscluse > 0) {
        notifications.show({ color: 'yellow', message: t('newInstalmentExcluded', { count: unitaEscluse }) });
      }
      close();
    },
    // The first field to fix is scrolled into view and focused (DateField included).
    () => revealFirstInvalid(formRef.current),
  );

  return (
    <>
      <Modal
        closeButtonProps={{ 'aria-label': t('common:close') }}
        opened={opened && !guard.asking}
        onClose={guard.requestClose}
        title={t('newInstalmentTitle')}
        size="lg"
      >
        <form ref={formRef} onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm" c="gray.7">
              {t('newInstalmentOf', { condominio: condominioName, esercizio: esercizio.descrizione })}
            </Text>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="new-instalment-type">
                {t('tipoRata')}
              </Text>
              <SegmentedControl
                aria-labelledby="new-instalment-type"
                data={[InstalmentType.Preventive, InstalmentType.Extraordinary].map((value) => ({
                  value: String(value),
                  label: instalmentTypeLabels[value],
                }))}
                {...form.getInputProps('tipoRata')}
              />
            </Stack>
            <TextInput
              label={t('newInstalmentDescr')}
              placeholder={t('newInstalmentDescrPlaceholder')}
              required
              maxLength={200}
              {...form.getInputProps('descrizione')}
            />
            <Group grow align="flex-start" wrap="wrap">
              <DateField
                label={t('colScadenza')}
                required
                value={form.values.dataScadenza}
                onChange={(value) => form.setFieldValue('dataScadenza', value)}
                error={form.errors.dataScadenza}
              />
              <TextInput
                label={t('importo')}
                required
                inputMode="decimal"
                placeholder="0,00"
                {...form.getInputProps('importo')}
              />
            </Group>
            <Radio.Group label={t('ripartizione')} {...form.getInputProps('ripartizione')}>
              <Stack gap={6} mt={6}>
                <Radio value={String(InstalmentSplit.Millesimi)} label={t('splitMillesimi')} />
                <Radio value={String(InstalmentSplit.Registry)} label={t('splitRegistry')} />
              </Stack>
            </Radio.Group>
            {byRegistry ? (
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label={t('payerRegistry')}
                  placeholder={people.isFetching ? t('common:loading') : t('payerRegistryPlaceholder')}
                  data={registries}
                  searchable
                  required
                  nothingFoundMessage={t('common:noResults')}
                  {...form.getInputProps('anagrID')}
                  onChange={(value) => {
                    form.setFieldValue('anagrID', value ?? '');
                    form.setFieldValue('unitaID', '');
                  }}
                />
                <Select
                  label={t('unitOptional')}
                  placeholder={t('unitOptionalPlaceholder')}
                  data={unitsOfRegistry}
                  disabled={!form.values.anagrID}
                  clearable
                  {...form.getInputProps('unitaID')}
                />
              </Group>
            ) : (
              <Alert color="gray" variant="light">
                {t('splitMillesimiHint')}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={guard.requestClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={issuing.isLoading}>
                {t('newInstalmentSubmit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      {guard.confirmation}
    </>
  );
}
