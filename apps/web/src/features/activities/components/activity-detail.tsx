import {
  Button,
  Divider,
  Group,
  Loader,
  Menu,
  Select,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type ActivityAction,
  type ActivityEvent,
  activityActions,
  activityActionsFrom,
  type EventAuthor,
  EventType,
  type EventType as EventTypeValue,
  eventAuthorLabels,
  eventTypeLabels,
} from '@stabile/contract';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingBadge } from '../../../shared/offline/pending-badge.tsx';
import { unlessQueued } from '../../../shared/offline/queued-error.ts';
import { EntityDrawerError } from '../../../shared/ui/entity-drawer-error.tsx';
import { InlineEditor } from '../../../shared/ui/inline-editor.tsx';
import { useDrawerUnsavedChanges } from '../../../shared/ui/unsaved-changes.tsx';
import {
  useActivityOperatorsQuery,
  useActivityQuery,
  useAddNoteMutation,
  useChangeDescriptionMutation,
  useChangeManagerMutation,
  useChangeStateMutation,
  useDeleteActivityMutation,
  useDeleteNoteMutation,
  useOpenActivityMutation,
  useUpdateNoteMutation,
} from '../activities-api.ts';
import { italianDate, italianDateTime } from '../format.ts';
import { DueBadge, PriorityBadge, StateBadge } from './activity-badges.tsx';
import { ActivityEditForm } from './activity-edit-form.tsx';
import { InterventionSection } from './intervention-section.tsx';
import { OperatorModal } from './operator-modal.tsx';

export interface ActivityDetailProps {
  id: number;
  onClose: () => void;
  /**
   * Shown under the header: the common parts linked to the activity's service. Another area's
   * component, so the drawer that composes the areas (app/drawers/activities.tsx) passes it.
   */
  CommonPartLink?: ComponentType<{ condominioId: number; servizio: number | null }>;
}

/** The activity drawer: header summary, actions, description, interventions, notes and timeline. */
export function ActivityDetail({ id, onClose, CommonPartLink }: ActivityDetailProps) {
  const { t } = useTranslation(['activities', 'common']);
  const { data, isLoading, isError, refetch } = useActivityQuery(id, { refetchOnMountOrArgChange: true });
  const [markOpened] = useOpenActivityMutation();
  const [changeState, stateStatus] = useChangeStateMutation();
  const [changeManager, managerStatus] = useChangeManagerMutation();
  const [changeDescription, descriptionStatus] = useChangeDescriptionMutation();
  const [deleteActivity, deleteStatus] = useDeleteActivityMutation();
  const operators = useActivityOperatorsQuery();
  const [action, setAction] = useState<ActivityAction | null>(null);
  const [managerOpen, setManagerOpen] = useState(false);
  const [manager, setManager] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [editingDescription, setEditingDescription] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  // Opening the activity reads its notices (the providers' answers).
  useEffect(() => {
    if (data?.avvisi) void markOpened(id);
  }, [data?.avvisi, id, markOpened]);

  if (isLoading) return <Loader role="status" aria-label={t('common:loading')} />;
  if (isError || !data) return <EntityDrawerError onRetry={refetch} />;

  const done = () => notifications.show({ color: 'green', message: t('detail.saved') });
  const notes = data.eventi.filter((e) => e.tipo === EventType.Note);

  return (
    <Stack gap="md">
      {editing ? (
        <ActivityEditForm
          activity={data}
          onDone={() => setEditing(false)}
          onReload={async () => {
            try {
              return await refetch().unwrap();
            } catch {
              // The base query told the user; the form keeps what was typed.
              return undefined;
            }
          }}
        />
      ) : (
        <>
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {data.intestazioneCondominio} · {t('detail.header', { numero: data.numeroPratica })}
            </Text>
            <Title order={2} fz="h3" style={{ overflowWrap: 'anywhere' }}>
              {data.titolo}
            </Title>
            <Group gap="xs">
              <StateBadge stato={data.stato} />
              <PendingBadge activityId={data.id} />
              <PriorityBadge priorita={data.priorita} />
              <DueBadge due={data.dataConcludereEntro} stato={data.stato} />
            </Group>
            <Text size="sm">
              {data.gestore ? t('detail.manager', { gestore: data.gestore }) : t('detail.noManager')} ·{' '}
              {t('openedOn', { date: italianDate(data.dataApertura) })}
              {data.dataChiusura ? ` · ${t('closedOn', { date: italianDate(data.dataChiusura) })}` : ''}
            </Text>
            <Text size="sm" c="gray.7">
              {data.tipoSegnalazDescr}
              {data.richiedenteDescr ? ` · ${t('fields.richiedente')}: ${data.richiedenteDescr}` : ''}
              {data.nascosta ? ` · ${t('hidden')}` : ''}
            </Text>
            {CommonPartLink && <CommonPartLink condominioId={data.condGenID} servizio={data.servizio} />}
          </Stack>

          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              aria-label={t('edit.buttonAria')}
              onClick={() => setEditing(true)}
            >
              {t('edit.button')}
            </Button>
            {activityActionsFrom(data.stato).map((a) => (
              <Button
                key={a}
                size="xs"
                variant={a === 'chiudi' ? 'filled' : 'light'}
                aria-label={t(`actionsAria.${a}`)}
                onClick={() => setAction(a)}
              >
                {t(`actions.${a}`)}
              </Button>
            ))}
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setManager(data.gestore || null);
                setManagerOpen(true);
              }}
            >
              {t('detail.changeManager')}
            </Button>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button size="xs" variant="subtle" aria-label={t('detail.delete')} px={6}>
                  <IconDots size={16} aria-hidden />
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setDeleting(true)}
                >
                  {t('detail.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </>
      )}

      <Stack gap={4}>
        <Group justify="space-between">
          <Title order={3} fz="h5">
            {t('detail.description')}
          </Title>
          {editingDescription === null && (
            <Button
              size="compact-xs"
              variant="subtle"
              leftSection={<IconPencil size={12} aria-hidden />}
              onClick={() => setEditingDescription(data.descrizione)}
            >
              {t('detail.editDescription')}
            </Button>
          )}
        </Group>
        {editingDescription === null ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {data.descrizione || '—'}
          </Text>
        ) : (
          <InlineEditor
            label={t('detail.description')}
            initial={editingDescription}
            saving={descriptionStatus.isLoading}
            maxLength={4000}
            onCancel={() => setEditingDescription(null)}
            onSave={async (descrizione) => {
              try {
                await changeDescription({ id, descrizione, operatore: data.operatore || '-' }).unwrap();
                setEditingDescription(null);
                done();
              } catch {
                // The base query told the user; the edit stays open with the text.
              }
            }}
          />
        )}
      </Stack>

      <Divider />
      <InterventionSection activity={data} />
      <Divider />
      <NotesSection activityId={id} notes={notes} />
      <Divider />
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('detail.timeline')}
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={data.eventi.length}>
          {[...data.eventi].reverse().map((event) => (
            <Timeline.Item key={event.id} title={eventTypeLabels[event.tipo as EventTypeValue] ?? ''}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {event.testo}
              </Text>
              <Text size="xs" c="gray.7">
                {italianDateTime(event.data)} ·{' '}
                {t('detail.by', {
                  author: eventAuthorLabels[event.autore as EventAuthor] ?? '',
                  operatore: event.operatore || '—',
                })}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>

      <OperatorModal
        opened={action !== null}
        title={action ? t(`stateModal.${action}`) : ''}
        text={t('stateModal.text')}
        confirmLabel={action ? t(`actions.${action}`) : ''}
        loading={stateStatus.isLoading}
        onClose={() => setAction(null)}
        onConfirm={async ({ operatore }) => {
          if (!action) return;
          await changeState({
            id,
            stato: activityActions[action].to,
            operatore,
            objVersion: data.objVersion,
          }).unwrap();
          setAction(null);
          done();
        }}
      />
      <OperatorModal
        opened={managerOpen}
        title={t('detail.changeManager')}
        confirmLabel={t('common:save')}
        loading={managerStatus.isLoading}
        onClose={() => setManagerOpen(false)}
        onConfirm={async ({ operatore }) => {
          if (!manager) return;
          await changeManager({ id, gestore: manager, operatore, objVersion: data.objVersion }).unwrap();
          setManagerOpen(false);
          done();
        }}
      >
        <Select
          label={t('fields.gestore')}
          data={[
            ...new Set([
              ...(operators.data ?? []).map((o) => o.nome),
              ...(data.gestore ? [data.gestore] : []),
            ]),
          ]}
          value={manager}
          onChange={setManager}
          searchable
          required
        />
      </OperatorModal>
      <OperatorModal
        opened={deleting}
        title={t('detail.confirmDeleteTitle')}
        text={t('detail.confirmDeleteText', { numero: data.numeroPratica })}
        confirmLabel={t('detail.delete')}
        askOperator={false}
        loading={deleteStatus.isLoading}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await deleteActivity({ id, objVersion: data.objVersion }).unwrap();
          setDeleting(false);
          notifications.show({ color: 'green', message: t('detail.deleted') });
          onClose();
        }}
      />
    </Stack>
  );
}

function NotesSection({ activityId, notes }: { activityId: number; notes: ActivityEvent[] }) {
  const { t } = useTranslation(['activities', 'common']);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ note: ActivityEvent; text: string } | null>(null);
  const [addNote, addStatus] = useAddNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const [deleteNote] = useDeleteNoteMutation();
  const [askOperator, setAskOperator] = useState(false);
  // A note typed but not added yet is an unsaved change of the drawer.
  useDrawerUnsavedChanges(text.trim() !== '');

  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('detail.notes')}
      </Title>
      {notes.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('detail.noNotes')}
        </Text>
      )}
      {notes.map((note) =>
        editing?.note.id === note.id ? (
          <InlineEditor
            key={note.id}
            label={t('detail.editNote')}
            initial={editing.text}
            minRows={1}
            onCancel={() => setEditing(null)}
            onSave={async (testo) => {
              try {
                await updateNote({
                  id: activityId,
                  notaId: note.id,
                  testo,
                  operatore: note.operatore || '-',
                  objVersion: note.objVersion,
                }).unwrap();
                setEditing(null);
              } catch {
                // The base query told the user; the edit stays open with the text.
              }
            }}
          />
        ) : (
          <Group key={note.id} justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {note.testo}
              </Text>
              <Text size="xs" c="gray.7">
                {italianDateTime(note.data)} · {note.operatore}
              </Text>
            </Stack>
            <Group gap={2} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="subtle"
                aria-label={t('detail.editNote')}
                onClick={() => setEditing({ note, text: note.testo })}
              >
                <IconPencil size={14} aria-hidden />
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                aria-label={t('detail.deleteNote')}
                onClick={() => deleteNote({ id: activityId, notaId: note.id, objVersion: note.objVersion })}
              >
                <IconTrash size={14} aria-hidden />
              </Button>
            </Group>
          </Group>
        ),
      )}
      <Textarea
        aria-label={t('detail.addNote')}
        placeholder={t('detail.notePlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          disabled={!text.trim()}
          loading={addStatus.isLoading}
          onClick={() => setAskOperator(true)}
        >
          {t('detail.addNote')}
        </Button>
      </Group>
      <OperatorModal
        opened={askOperator}
        title={t('detail.addNote')}
        confirmLabel={t('detail.addNote')}
        onClose={() => setAskOperator(false)}
        onConfirm={async ({ operatore }) => {
          await addNote({ id: activityId, testo: text, operatore }).unwrap().catch(unlessQueued);
          setText('');
          setAskOperator(false);
          notifications.show({ color: 'green', message: t('detail.noteAdded') });
        }}
      />
    </Stack>
  );
}
