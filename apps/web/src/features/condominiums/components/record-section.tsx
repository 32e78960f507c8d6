import { ActionIcon, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAppSelector } from '../../../shared/hooks.ts';
import { isQueuedError } from '../../../shared/offline/queued-error.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import { CardList, RecordCard } from '../../../shared/ui/record-cards.tsx';
import { type RecordWrite, useWriteRecordMutation } from '../condominiums-api.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import type { FieldSpec } from './record-form.tsx';
import { valuesOf } from './record-form.tsx';
import { RecordModal } from './record-modal.tsx';

export interface SectionRecord {
  id: number;
  objVersion: number;
}

export interface RecordSectionProps<R extends SectionRecord> {
  title: string;
  /** Name of one record (for the buttons and the delete confirmation). */
  noun: string;
  empty: string;
  records: R[] | undefined;
  loading?: boolean;
  columns: Array<{ label: string; value: (record: R) => ReactNode }>;
  /** How a record is called in the delete confirmation. */
  describe: (record: R) => string;
  fields: FieldSpec[];
  createSchema: z.ZodType;
  updateSchema: z.ZodType;
  /** The calls and path parameters of create, edit and delete; omitted: not offered. */
  create?: Omit<RecordWrite, 'body'>;
  /** Values a new record starts with (e.g. an exercise's type). */
  defaults?: Record<string, unknown>;
  update?: (record: R) => Omit<RecordWrite, 'body'>;
  remove?: (record: R) => Omit<RecordWrite, 'body' | 'objVersion'>;
  /** A row can be chosen (e.g. the current exercise). */
  onSelect?: (record: R) => void;
  selectedId?: number | null;
  headingLevel?: 3 | 4;
}

/**
 * A condominium's records of one kind: a table (on a phone, a card a record), add, edit (a modal
 * form) and delete (confirmed).
 */
export function RecordSection<R extends SectionRecord>(props: RecordSectionProps<R>) {
  const { t } = useTranslation(['condominiums', 'common', 'errors']);
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const [write, writing] = useWriteRecordMutation();
  const narrow = useAppSelector(selectIsMobile);

  const save = async (call: Omit<RecordWrite, 'body'>, body: Record<string, unknown>) => {
    const outcome = await write({ ...call, body })
      .unwrap()
      .then(() => 'saved' as const)
      .catch((error: unknown) => (isQueuedError(error) ? ('queued' as const) : null));
    if (!outcome) return;
    // Queued offline: the queue's toast says so; the form is done as after a save.
    if (outcome === 'saved') notifications.show({ color: 'green', message: t('errors:genericSuccess') });
    setEditing(null);
  };
  const confirmDelete = async (record: R) => {
    if (!props.remove) return;
    await write({ ...props.remove(record), objVersion: record.objVersion })
      .unwrap()
      .then(() => notifications.show({ color: 'green', message: t('errors:genericSuccess') }))
      .catch(() => undefined);
    setDeleting(null);
  };

  const actions = (record: R) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {props.onSelect && (
        <Button size="compact-xs" variant="subtle" onClick={() => props.onSelect?.(record)}>
          {t('choose')}
        </Button>
      )}
      {props.update && (
        <ActionIcon
          variant="subtle"
          aria-label={t('editWhat', { what: props.describe(record) })}
          onClick={() => setEditing(record)}
        >
          <IconPencil size={16} aria-hidden />
        </ActionIcon>
      )}
      {props.remove && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('deleteWhat', { what: props.describe(record) })}
          onClick={() => setDeleting(record)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );

  const records = props.records ?? [];
  const editingRecord = editing && editing !== 'new' ? editing : null;

  return (
    <Stack gap="xs">
      {/* The add button goes under a long title on a phone rather than cut its own label. */}
      <Group justify="space-between" gap="xs">
        <Title order={props.headingLevel ?? 3} fz="h4">
          {props.title}
        </Title>
        {props.create && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('add', { what: props.noun })}
          </Button>
        )}
      </Group>
      {props.loading && !props.records && <Loader size="sm" role="status" aria-label={t('common:loading')} />}
      {props.records && records.length === 0 && <Text c="gray.7">{props.empty}</Text>}
      {records.length > 0 &&
        (narrow ? (
          // A phone: one card a record, every column in it, the actions at hand (a table scrolled
          // sideways hid them and cut the last column).
          <CardList label={props.title}>
            {records.map((record) => {
              const [first, ...rest] = props.columns;
              return (
                <RecordCard
                  key={record.id}
                  title={first?.value(record)}
                  actions={actions(record)}
                  fields={rest.map((c) => ({ label: c.label, value: c.value(record) }))}
                  selected={Boolean(props.onSelect) && props.selectedId === record.id}
                />
              );
            })}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label={props.title} highlightOnHover={Boolean(props.onSelect)}>
              <Table.Thead>
                <Table.Tr>
                  {props.columns.map((c) => (
                    <Table.Th key={c.label}>{c.label}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {records.map((record) => (
                  <Table.Tr
                    key={record.id}
                    bg={props.selectedId === record.id ? 'var(--mantine-color-brand-light)' : undefined}
                    aria-selected={props.onSelect ? props.selectedId === record.id : undefined}
                  >
                    {props.columns.map((c) => (
                      <Table.Td key={c.label}>{c.value(record)}</Table.Td>
                    ))}
                    <Table.Td>{actions(record)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <RecordModal
        opened={editing !== null}
        title={
          editingRecord
            ? t('editWhat', { what: props.describe(editingRecord) })
            : t('add', { what: props.noun })
        }
        onClose={() => setEditing(null)}
        fields={props.fields}
        schema={editingRecord ? props.updateSchema : props.createSchema}
        initialValues={valuesOf(
          props.fields,
          (editingRecord as Record<string, unknown> | null) ?? props.defaults,
        )}
        extraBody={editingRecord ? { objVersion: editingRecord.objVersion } : undefined}
        submitLabel={t('common:save')}
        submitting={writing.isLoading}
        onSubmit={(body) => {
          const call = editingRecord ? props.update?.(editingRecord) : props.create;
          if (call) void save(call, body);
        }}
      />
      <ConfirmDelete
        opened={deleting !== null}
        what={deleting ? props.describe(deleting) : ''}
        deleting={writing.isLoading}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </Stack>
  );
}
