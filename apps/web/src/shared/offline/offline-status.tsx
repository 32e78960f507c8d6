import { ActionIcon, Badge, Button, Group, Indicator, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudOff, IconCloudUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppSelector } from '../hooks.ts';
import { selectConnectionStatus, selectIsMobile } from '../state/general-slice.ts';
import { labelOf, type QueuedWrite } from './queue.ts';
import { discardQueued, flushQueue, hasVersion, retryQueued, type SyncDeps } from './sync.ts';
import { offlineTexts } from './texts.ts';
import { useQueuedWrites, useStaleSince } from './use-offline.ts';

const RETRY_EVERY_MS = 20_000;

function timeOf(iso: string): string {
  return new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });
}

function QueuedRow({ entry, deps }: { entry: QueuedWrite; deps: SyncDeps }) {
  const [busy, setBusy] = useState(false);
  const state =
    entry.state === 'refused'
      ? offlineTexts.stateRefused
      : entry.state === 'sending'
        ? offlineTexts.stateSending
        : offlineTexts.stateWaiting;
  return (
    <Stack gap={4} data-testid="offline-queue-entry">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} lineClamp={2}>
          {labelOf(entry)}
        </Text>
        <Badge
          size="sm"
          variant="light"
          color={entry.state === 'refused' ? 'red' : 'orange'}
          miw="max-content"
        >
          {state}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {timeOf(entry.createdAt)}
      </Text>
      {entry.state === 'refused' && (
        <>
          {entry.reason && (
            <Text size="xs" c="red.8" role="alert">
              {entry.reason.message}
            </Text>
          )}
          <Group gap="xs">
            <Button
              size="compact-xs"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await retryQueued(entry, deps);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {hasVersion(entry) ? offlineTexts.retry : offlineTexts.retrySimple}
            </Button>
            <Button size="compact-xs" variant="default" color="red" onClick={() => discardQueued(entry)}>
              {offlineTexts.discard}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * The top bar's offline corner: "Offline" and "Dati non aggiornati" while the connection is missing
 * or what is shown was read from the device, and the count of writes waiting in the offline queue,
 * whose list lets the user decide about the refused ones. It also sends the queue: at start, when the
 * connection returns, and every 20 seconds while something waits.
 */
export function OfflineStatus() {
  const store = useStore();
  const connection = useAppSelector(selectConnectionStatus);
  const mobile = useAppSelector(selectIsMobile);
  const entries = useQueuedWrites();
  const staleSince = useStaleSince();
  const deps: SyncDeps = { getState: store.getState, dispatch: store.dispatch };
  const waiting = entries.some((entry) => entry.state === 'pending');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the store never changes; the round runs on these events.
  useEffect(() => {
    if (connection !== 'online' || !waiting) return;
    void flushQueue(deps);
    const timer = setInterval(() => void flushQueue(deps), RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [connection, waiting]);

  const offline = connection === 'offline';
  const stale = staleSince !== null;
  return (
    <Group gap={6} wrap="nowrap">
      {(offline || stale) && (
        <Tooltip label={stale ? offlineTexts.staleHint : offlineTexts.offline} multiline w={240}>
          {mobile ? (
            <IconCloudOff
              size={20}
              color="var(--mantine-color-orange-7)"
              aria-label={stale ? offlineTexts.staleData : offlineTexts.offline}
              role="status"
            />
          ) : (
            <Badge
              color="orange"
              variant="light"
              role="status"
              aria-label={stale ? offlineTexts.staleData : offlineTexts.offline}
              miw="max-content"
            >
              {stale ? offlineTexts.staleData : offlineTexts.offline}
            </Badge>
          )}
        </Tooltip>
      )}
      {entries.length > 0 && (
        <Popover position="bottom-end" width={mobile ? 300 : 360} shadow="md" withArrow>
          <Popover.Target>
            <Indicator
              label={entries.length}
              size={16}
              color={entries.some((e) => e.state === 'refused') ? 'red' : 'orange'}
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={offlineTexts.pendingCount(entries.length)}
                data-testid="offline-queue-counter"
              >
                <IconCloudUpload size={20} aria-hidden />
              </ActionIcon>
            </Indicator>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="sm">
              <Text fw={600} size="sm">
                {offlineTexts.panelTitle}
              </Text>
              {entries.map((entry) => (
                <QueuedRow key={entry.id} entry={entry} deps={deps} />
              ))}
              {!offline && waiting && (
                <Button size="compact-sm" variant="light" onClick={() => void flushQueue(deps)}>
                  {offlineTexts.sendNow}
                </Button>
              )}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      )}
    </Group>
  );
}
