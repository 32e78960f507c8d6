import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type Condominio,
  condominioUpdateSchema,
  type PaymentAccountStatus,
  paymentAccountStatusLabels,
  PaymentAccountStatus as States,
} from '@stabile/contract';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useBalanceQuery,
  useDeleteCondominiumMutation,
  useUpdateCondominiumMutation,
} from '../condominiums-api.ts';
import { formatDate, formatMoney } from '../format.ts';
import { condominiumFields } from './condominium-fields.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { RecordForm, valuesOf } from './record-form.tsx';

export interface CondominiumDataTabProps {
  condominium: Condominio;
  onDeleted: () => void;
}

/** The record of the condominium, editable, with its payment-account balance and its delete. */
export function CondominiumDataTab({ condominium, onDeleted }: CondominiumDataTabProps) {
  const { t } = useTranslation(['condominiums', 'common']);
  const [update, updating] = useUpdateCondominiumMutation();
  const [remove, removing] = useDeleteCondominiumMutation();
  const [confirming, setConfirming] = useState(false);
  const fields = condominiumFields(t);

  const save = (body: Record<string, unknown>) =>
    void update({ id: condominium.id, body: body as never })
      .unwrap()
      .then(() => notifications.show({ color: 'green', message: t('saved') }))
      .catch(() => undefined);
  const confirmDelete = () =>
    void remove({ id: condominium.id, objVersion: condominium.objVersion })
      .unwrap()
      .then(() => {
        setConfirming(false);
        notifications.show({ color: 'green', message: t('deleted') });
        onDeleted();
      })
      .catch(() => setConfirming(false));

  return (
    <Stack gap="lg">
      <Balance condominium={condominium} />
      <RecordForm
        key={`${condominium.id}-${condominium.objVersion}`}
        label={t('tabs.dati')}
        fields={fields}
        schema={condominioUpdateSchema}
        initialValues={valuesOf(fields, condominium)}
        extraBody={{ objVersion: condominium.objVersion }}
        submitLabel={t('common:save')}
        submitting={updating.isLoading}
        onSubmit={save}
        extraActions={
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('deleteCondominium')}
          </Button>
        }
      />
      <ConfirmDelete
        opened={confirming}
        what={condominium.intestazione}
        deleting={removing.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

function Balance({ condominium }: { condominium: Condominio }) {
  const { t } = useTranslation('condominiums');
  const [force, setForce] = useState(false);
  const { data, isFetching } = useBalanceQuery({ id: condominium.id, force });
  const active = condominium.statoContoPagamenti === States.Active;
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Title order={3} fz="h5">
            {t('balanceTitle')}
          </Title>
          {data && data.saldoCents !== null ? (
            <>
              <Text fw={700} fz="lg">
                {formatMoney(data.saldoCents)}
              </Text>
              <Text size="xs" c="gray.7">
                {t('balanceAt', { date: formatDate(data.aggiornatoIl) })}
              </Text>
            </>
          ) : (
            data && (
              <Text size="sm" c="gray.7">
                {t('balanceNone', {
                  state: paymentAccountStatusLabels[data.statoContoPagamenti as PaymentAccountStatus],
                })}
              </Text>
            )
          )}
        </Stack>
        {active && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={isFetching}
            onClick={() => setForce(true)}
          >
            {t('balanceRefresh')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
