import { Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import type { HistoryEntry, HistoryKind } from '@stabile/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistoryQuery } from '../../api/history-api.ts';
import { fieldLabel, formatDateTime, formatValue } from './history-format.ts';

export interface RecordHistoryProps {
  kind: HistoryKind;
  id: number;
}

/** The changes of one record, newest first, page after page ("Modifiche precedenti"). */
export function RecordHistory({ kind, id }: RecordHistoryProps) {
  const { t } = useTranslation('history');
  const [cursors, setCursors] = useState<string[]>([]);
  return (
    <Stack gap="sm" aria-label={t('title')} component="section">
      <HistoryPage
        kind={kind}
        id={id}
        onMore={(cursor) => setCursors([cursor])}
        more={cursors.length === 0}
      />
      {cursors.map((cursor, i) => (
        <HistoryPage
          key={cursor}
          kind={kind}
          id={id}
          cursor={cursor}
          more={i === cursors.length - 1}
          onMore={(next) => setCursors((all) => [...all, next])}
        />
      ))}
    </Stack>
  );
}

interface HistoryPageProps extends RecordHistoryProps {
  cursor?: string;
  /** This page is the last one shown: it offers the older changes. */
  more: boolean;
  onMore: (cursor: string) => void;
}

function HistoryPage({ kind, id, cursor, more, onMore }: HistoryPageProps) {
  const { t } = useTranslation('history');
  const { data, isError, isFetching, refetch } = useRecordHistoryQuery(
    { tipo: kind, id, ...(cursor ? { cursor } : {}) },
    // Each time the tab is shown: the record may have changed since.
    { refetchOnMountOrArgChange: true },
  );
  if (isError) {
    return (
      <Group gap="xs">
        <Text c="red.8">{t('error')}</Text>
        <Button size="xs" variant="light" onClick={() => void refetch()}>
          {t('retry')}
        </Button>
      </Group>
    );
  }
  if (!data) return <Loader size="sm" role="status" aria-label={t('loading')} />;
  if (!cursor && data.entries.length === 0) return <Text c="gray.7">{t('empty')}</Text>;
  return (
    <>
      <ol aria-label={t('title')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {data.entries.map((entry) => (
          <HistoryItem key={entry.id} kind={kind} entry={entry} />
        ))}
      </ol>
      {more && data.nextCursor && (
        <Button
          size="xs"
          variant="default"
          loading={isFetching}
          onClick={() => onMore(data.nextCursor as string)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('more')}
        </Button>
      )}
    </>
  );
}

function HistoryItem({ kind, entry }: { kind: HistoryKind; entry: HistoryEntry }) {
  const { t } = useTranslation('history');
  const who = entry.who ?? (entry.via === 'fornitore' ? t('supplier') : t('nobody'));
  return (
    <li style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', padding: '8px 0' }}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge
            variant="light"
            color={entry.action === 'eliminazione' ? 'red' : entry.action === 'creazione' ? 'green' : 'blue'}
          >
            {t(`action.${entry.action}`)}
          </Badge>
          <Text size="sm" fw={500}>
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Text>
          <Text size="sm">{who}</Text>
          <Text size="sm" c="gray.7">
            {t(`via.${entry.via}`)}
          </Text>
        </Group>
        {entry.changes.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('noFields')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={0}>
            <Table fz="sm" verticalSpacing={4} layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="30%">{t('field')}</Table.Th>
                  <Table.Th>{t('before')}</Table.Th>
                  <Table.Th>{t('after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entry.changes.map((change) => (
                  <Table.Tr key={change.field}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {fieldLabel(t, kind, change.field)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {formatValue(t, kind, change.field, change.before)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <span aria-hidden>→ </span>
                      {formatValue(t, kind, change.field, change.after)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </li>
  );
}
