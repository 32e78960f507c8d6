import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type ActivityDetail, Area, type Intervention, isClosedState, isoDateToday } from '@stabile/contract';
import { IconPlus } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { revealFirstInvalid } from '../../../shared/forms/first-error.ts';
import { useAppSelector } from '../../../shared/hooks.ts';
import { isAreaAllowed } from '../../../shared/state/auth-slice.ts';
import { DateField } from '../../../shared/ui/date-field.tsx';
import { useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';
import {
  useActivityProvidersQuery,
  useCreateInterventionMutation,
  useDeleteInterventionMutation,
  useMarkInterventionDoneMutation,
  usePostponeInterventionMutation,
  useSendAssignmentMutation,
  useUpdateInterventionMutation,
} from '../activities-api.ts';
import { italianDate } from '../format.ts';
import { InterventionDisplayBadge } from './activity-badges.tsx';
import { AssignmentPanel } from './assignment-panel.tsx';
import { OperatorModal } from './operator-modal.tsx';

type Editing =
  | { mode: 'add' }
  | { mode: 'edit'; intervention: Intervention }
  | { mode: 'postpone'; intervention: Intervention };

/** Interventions of the activity, grouped by provider, with their display and every action. */
export function InterventionSection({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation(['activities', 'common']);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [doneFor, setDoneFor] = useState<Intervention | null>(null);
  const [deleting, setDeleting] = useState<Intervention | null>(null);
  const [doneDate, setDoneDate] = useState(isoDateToday());
  const [markDone, doneStatus] = useMarkInterventionDoneMutation();
  const [remove, removeStatus] = useDeleteInterventionMutation();
  const closed = isClosedState(activity.stato);
  // A new intervention needs a provider chosen from the providers' list: not offered without that area.
  const providersAllowed = useAppSelector((state) => isAreaAllowed(state.auth, Area.Providers));
  const byProvider = new Map<number, Intervention[]>();
  for (const i of activity.interventi)
    byProvider.set(i.fornitoreID, [...(byProvider.get(i.fornitoreID) ?? []), i]);
  const key = (i: Intervention) => ({ id: activity.id, fornitoreId: i.fornitoreID, interventoId: i.id });

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} fz="h5">
          {t('detail.interventions')}
        </Title>
        {!closed && providersAllowed && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setEditing({ mode: 'add' })}
          >
            {t('detail.addIntervention')}
          </Button>
        )}
      </Group>
      {activity.interventi.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('detail.noInterventions')}
        </Text>
      )}
      {[...byProvider.values()].map((list) => (
        <Stack key={list[0]?.fornitoreID} gap={6}>
          <Text fw={600} size="sm">
            {list[0]?.fornitoreDescr}
          </Text>
          {list.map((i) => (
            <Card
              key={i.id}
              withBorder
              padding="xs"
              aria-label={`${t('intervention.provider')} ${i.fornitoreDescr}`}
            >
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <InterventionDisplayBadge dataPrevista={i.dataPrevista} dataEsecuzione={i.dataEsecuzione} />
                  <Text size="xs" c="gray.7">
                    {i.dataEsecuzione
                      ? `${t('intervention.executed')}: ${italianDate(i.dataEsecuzione)}`
                      : i.dataPrevista
                        ? `${t('intervention.expected')}: ${italianDate(i.dataPrevista)}`
                        : ''}
                  </Text>
                </Group>
                {i.descrizione && <Text size="sm">{i.descrizione}</Text>}
                {i.rinviato && (
                  <Badge color="orange" variant="light" style={{ whiteSpace: 'normal', height: 'auto' }}>
                    {t('intervention.postponed', { reason: i.motivazioneRinvio ?? '' })}
                  </Badge>
                )}
                {!i.dataEsecuzione && !closed && (
                  <Group gap={4}>
                    <Button
                      size="compact-xs"
                      onClick={() => {
                        setDoneDate(isoDateToday());
                        setDoneFor(i);
                      }}
                    >
                      {t('intervention.markDone')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setEditing({ mode: 'edit', intervention: i })}
                    >
                      {t('intervention.edit')}
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      onClick={() => setEditing({ mode: 'postpone', intervention: i })}
                    >
                      {t('intervention.postpone')}
                    </Button>
                  </Group>
                )}
                <AssignmentPanel activity={activity} intervention={i} />
                <Group justify="flex-end">
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(i)}>
                    {t('intervention.delete')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ))}
      <InterventionModal activity={activity} editing={editing} onClose={() => setEditing(null)} />
      <OperatorModal
        opened={doneFor !== null}
        title={t('intervention.doneTitle')}
        confirmLabel={t('intervention.markDone')}
        loading={doneStatus.isLoading}
        onClose={() => setDoneFor(null)}
        onConfirm={async ({ operatore }) => {
          if (!doneFor) return;
          await markDone({ ...key(doneFor), operatore, dataEsecuzione: doneDate }).unwrap();
          setDoneFor(null);
        }}
      >
        <DateField
          label={t('intervention.executed')}
          value={doneDate}
          max={isoDateToday()}
          onChange={setDoneDate}
          required
        />
      </OperatorModal>
      <OperatorModal
        opened={deleting !== null}
        title={t('intervention.confirmDelete')}
        confirmLabel={t('intervention.delete')}
        askOperator={false}
        loading={removeStatus.isLoading}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove({ ...key(deleting), objVersion: deleting.objVersion }).unwrap();
          setDeleting(null);
        }}
      />
    </Stack>
  );
}

interface InterventionModalProps {
  activity: ActivityDetail;
  editing: Editing | null;
  onClose: () => void;
}

/** Add, edit or postpone an intervention; each asks for confirmation before saving. */
function InterventionModal({ activity, editing, onClose }: InterventionModalProps) {
  const { t } = useTranslation(['activities', 'common']);
  const [providerSearch, setProviderSearch] = useState('');
  const [debounced] = useDebouncedValue(providerSearch.trim(), 300);
  const providers = useActivityProvidersQuery(debounced.length >= 3 ? debounced : '', {
    skip: editing?.mode !== 'add',
  });
  const [provider, setProvider] = useState<string | null>(null);
  const [descrizione, setDescrizione] = useState('');
  const [dataPrevista, setDataPrevista] = useState('');
  const [motivazione, setMotivazione] = useState('');
  const [sendNow, setSendNow] = useState(true);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create] = useCreateInterventionMutation();
  const [update] = useUpdateInterventionMutation();
  const [postpone] = usePostponeInterventionMutation();
  const [send] = useSendAssignmentMutation();
  const current = editing && editing.mode !== 'add' ? editing.intervention : null;
  const formRef = useRef<HTMLFormElement>(null);
  const guard = useGuardedClose(
    () =>
      provider !== null ||
      descrizione !== (current?.descrizione ?? '') ||
      dataPrevista !== (current?.dataPrevista ?? '') ||
      motivazione !== '',
    onClose,
  );

  useEffect(() => {
    setProvider(null);
    setProviderSearch('');
    setDescrizione(current?.descrizione ?? '');
    setDataPrevista(current?.dataPrevista ?? '');
    setMotivazione('');
    setSendNow(true);
    setConfirming(false);
    setError(null);
  }, [current]);

  const title =
    editing?.mode === 'add'
      ? t('intervention.addTitle')
      : editing?.mode === 'edit'
        ? t('intervention.editTitle')
        : t('intervention.postponeTitle');
  const confirmText =
    editing?.mode === 'add'
      ? t('intervention.confirmAdd')
      : editing?.mode === 'edit'
        ? t('intervention.confirmEdit')
        : t('intervention.confirmPostpone');

  const validate = (event: FormEvent) => {
    event.preventDefault();
    if (
      (editing?.mode === 'add' && !provider) ||
      (editing?.mode === 'postpone' && (!dataPrevista || !motivazione.trim()))
    ) {
      setError(t('common:requiredField'));
      revealFirstInvalid(formRef.current);
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const save = async ({ operatore }: { operatore: string }) => {
    if (!editing) return;
    if (editing.mode === 'add') {
      if (!provider) return;
      const created = await create({
        id: activity.id,
        fornitoreId: Number(provider),
        body: { descrizione, dataPrevista: dataPrevista || null, operatore },
      }).unwrap();
      if (sendNow) {
        await send({ attivitaId: activity.id, interventoID: created.id }).unwrap();
        notifications.show({ color: 'green', message: t('assignment.sent') });
      }
    } else if (editing.mode === 'edit') {
      const i = editing.intervention;
      await update({
        id: activity.id,
        fornitoreId: i.fornitoreID,
        interventoId: i.id,
        body: { descrizione, dataPrevista: dataPrevista || null, operatore, objVersion: i.objVersion },
      }).unwrap();
    } else {
      const i = editing.intervention;
      await postpone({
        id: activity.id,
        fornitoreId: i.fornitoreID,
        interventoId: i.id,
        dataPrevista,
        motivazione,
        operatore,
      }).unwrap();
    }
    setConfirming(false);
    onClose();
  };

  return (
    <>
      {guard.confirmation}
      <Modal opened={editing !== null && !confirming} onClose={guard.requestClose} title={title}>
        <form ref={formRef} onSubmit={validate} noValidate>
          <Stack gap="sm">
            {editing?.mode === 'add' && (
              <Select
                label={t('intervention.provider')}
                placeholder={t('intervention.providerSearch')}
                data={(providers.data ?? []).map((p) => ({ value: String(p.id), label: p.descr }))}
                value={provider}
                onChange={setProvider}
                searchable
                searchValue={providerSearch}
                onSearchChange={setProviderSearch}
                filter={({ options }) => options}
                nothingFoundMessage={t('common:noResults')}
                required
                error={error && !provider ? error : undefined}
                data-autofocus
              />
            )}
            {editing?.mode !== 'postpone' && (
              <Textarea
                label={t('intervention.description')}
                value={descrizione}
                onChange={(e) => setDescrizione(e.currentTarget.value)}
                autosize
                minRows={2}
              />
            )}
            <DateField
              label={t('intervention.expected')}
              value={dataPrevista}
              onChange={setDataPrevista}
              required={editing?.mode === 'postpone'}
              clearable={editing?.mode !== 'postpone'}
              error={error && editing?.mode === 'postpone' && !dataPrevista ? error : undefined}
            />
            {editing?.mode === 'postpone' && (
              <Textarea
                label={t('intervention.reason')}
                value={motivazione}
                onChange={(e) => setMotivazione(e.currentTarget.value)}
                required
                error={error && !motivazione.trim() ? error : undefined}
              />
            )}
            {editing?.mode === 'add' && (
              <Checkbox
                label={t('intervention.sendNow')}
                checked={sendNow}
                onChange={(e) => setSendNow(e.currentTarget.checked)}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={guard.requestClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit">{t('common:confirm')}</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <OperatorModal
        opened={confirming}
        title={confirmText}
        confirmLabel={t('common:confirm')}
        onClose={() => setConfirming(false)}
        onConfirm={save}
      />
    </>
  );
}
