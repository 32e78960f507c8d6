import '@mantine/dropzone/styles.css';
import { Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import {
  type ActivityDetail,
  type AssignmentState,
  assignmentActionsFrom,
  assignmentStateLabels,
  type Intervention,
  isClosedState,
} from '@stabile/contract';
import { IconFile, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuardedClose } from '../../../shared/ui/unsaved-changes.tsx';
import {
  useAssignmentActionMutation,
  useSendAssignmentMutation,
  useSendIntegrationMutation,
} from '../activities-api.ts';
import { italianDate, italianDateTime } from '../format.ts';
import { OperatorModal } from './operator-modal.tsx';

const STATE_COLORS: Record<AssignmentState, string> = {
  0: 'gray',
  1: 'blue',
  2: 'teal',
  3: 'red',
  4: 'gray',
  5: 'green',
  6: 'orange',
};

type ReasonAction = 'annulla' | 'sollecita' | 'riproponi';

/** The supplier assignment of an intervention: state, messages and the administrator's actions. */
export function AssignmentPanel({
  activity,
  intervention,
}: {
  activity: ActivityDetail;
  intervention: Intervention;
}) {
  const { t } = useTranslation(['activities', 'common']);
  const assignment = intervention.assegnazione;
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState('');
  const [reasonAction, setReasonAction] = useState<ReasonAction | null>(null);
  const [integration, setIntegration] = useState(false);
  const [send, sendStatus] = useSendAssignmentMutation();
  const [act, actStatus] = useAssignmentActionMutation();
  const closed = isClosedState(activity.stato);
  const stato = assignment?.stato ?? 0;
  const allowed = assignmentActionsFrom(stato, 'amministratore');
  const done = Boolean(intervention.dataEsecuzione);
  const canSend = !closed && !done && stato === 0;
  const key = { attivitaId: activity.id, interventoId: intervention.id };

  return (
    <Stack gap={4} bg="var(--mantine-color-gray-0)" p={6} style={{ borderRadius: 4 }}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600}>
          {t('assignment.title')}
        </Text>
        {assignment ? (
          <Badge color={STATE_COLORS[stato as AssignmentState]} variant="light">
            {assignmentStateLabels[stato as AssignmentState]}
          </Badge>
        ) : (
          <Text size="xs" c="gray.7">
            {t('assignment.notSent')}
          </Text>
        )}
      </Group>
      {assignment?.scadenzaLink && (stato === 1 || stato === 2) && (
        <Text size="xs" c="gray.7">
          {assignment.email} · {t('assignment.linkExpiry', { date: italianDate(assignment.scadenzaLink) })}
        </Text>
      )}
      {assignment && assignment.messaggi.length > 0 && (
        <Stack gap={2} aria-label={t('assignment.messages')}>
          {assignment.messaggi.map((m) => (
            <Text key={m.id} size="xs">
              <Text span fw={600} size="xs">
                {t(`assignment.authors.${m.autore}`)}
              </Text>{' '}
              ({italianDateTime(m.data)}): {m.testo || m.azione}
              {m.allegato ? ` · ${m.allegato.nomeFile}` : ''}
            </Text>
          ))}
        </Stack>
      )}
      {!closed && (
        <Group gap={4}>
          {canSend && (
            <Button
              size="compact-xs"
              onClick={() => {
                setMessage('');
                setSending(true);
              }}
            >
              {t('assignment.send')}
            </Button>
          )}
          {assignment && !done && allowed.includes('sollecita') && (
            <Button size="compact-xs" variant="light" onClick={() => setReasonAction('sollecita')}>
              {t('assignment.remind')}
            </Button>
          )}
          {assignment && !done && allowed.includes('integrazione') && (
            <Button size="compact-xs" variant="light" onClick={() => setIntegration(true)}>
              {t('assignment.integration')}
            </Button>
          )}
          {assignment && !done && allowed.includes('riproponi') && (
            <Button size="compact-xs" variant="light" onClick={() => setReasonAction('riproponi')}>
              {t('assignment.repropose')}
            </Button>
          )}
          {assignment && stato !== 0 && allowed.includes('annulla') && (
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setReasonAction('annulla')}>
              {t('assignment.cancel')}
            </Button>
          )}
        </Group>
      )}
      <OperatorModal
        opened={sending}
        title={t('assignment.sendTitle')}
        text={t('assignment.sendText')}
        confirmLabel={t('assignment.send')}
        askOperator={false}
        loading={sendStatus.isLoading}
        onClose={() => setSending(false)}
        onConfirm={async () => {
          await send({
            attivitaId: activity.id,
            interventoID: intervention.id,
            ...(message ? { messaggio: message } : {}),
          }).unwrap();
          setSending(false);
          notifications.show({ color: 'green', message: t('assignment.sent') });
        }}
      >
        <Textarea
          label={t('assignment.message')}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
        />
      </OperatorModal>
      <OperatorModal
        opened={reasonAction !== null}
        title={reasonAction ? t(`assignment.reasonTitle.${reasonAction}`) : ''}
        confirmLabel={reasonAction ? t(`assignment.reasonConfirm.${reasonAction}`) : ''}
        cancelLabel={t('common:back')}
        askOperator={false}
        reasonLabel={t('assignment.reason')}
        reasonRequired={reasonAction !== 'riproponi'}
        loading={actStatus.isLoading}
        onClose={() => setReasonAction(null)}
        onConfirm={async ({ motivazione }) => {
          if (!reasonAction) return;
          await act({ ...key, action: reasonAction, motivazione }).unwrap();
          setReasonAction(null);
          notifications.show({ color: 'green', message: t('detail.saved') });
        }}
      />
      <IntegrationModal opened={integration} onClose={() => setIntegration(false)} assignmentKey={key} />
    </Stack>
  );
}

function IntegrationModal({
  opened,
  onClose,
  assignmentKey,
}: {
  opened: boolean;
  onClose: () => void;
  assignmentKey: { attivitaId: number; interventoId: number };
}) {
  const { t } = useTranslation(['activities', 'common']);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sendIntegration, status] = useSendIntegrationMutation();
  const close = () => {
    setFile(null);
    setMessage('');
    setError(null);
    onClose();
  };
  const guard = useGuardedClose(() => message.trim() !== '' || file !== null, close);
  return (
    <>
      {guard.confirmation}
      <Modal opened={opened} onClose={guard.requestClose} title={t('assignment.integration')}>
        <Stack gap="sm">
          <Textarea
            label={t('assignment.message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            required
            autosize
            minRows={2}
            error={error && !message.trim() ? error : undefined}
          />
          <Dropzone
            onDrop={(files) => setFile(files[0] ?? null)}
            maxFiles={1}
            multiple={false}
            aria-label={t('assignment.dropzone')}
            inputProps={{ 'aria-label': t('assignment.dropzone') }}
          >
            <Group justify="center" gap="sm" mih={80} style={{ pointerEvents: 'none' }}>
              {file ? <IconFile size={28} aria-hidden /> : <IconUpload size={28} aria-hidden />}
              <Stack gap={0}>
                <Text size="sm">
                  {file ? t('assignment.fileChosen', { name: file.name }) : t('assignment.dropzone')}
                </Text>
                <Text size="xs" c="gray.7">
                  {t('assignment.dropzoneHint')}
                </Text>
              </Stack>
            </Group>
          </Dropzone>
          {error && !file && (
            <Text size="sm" c="red">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={guard.requestClose}>
              {t('common:cancel')}
            </Button>
            <Button
              loading={status.isLoading}
              onClick={async () => {
                if (!file || !message.trim()) {
                  setError(t('common:requiredField'));
                  return;
                }
                await sendIntegration({ ...assignmentKey, messaggio: message.trim(), file }).unwrap();
                notifications.show({ color: 'green', message: t('detail.saved') });
                close();
              }}
            >
              {t('common:confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
