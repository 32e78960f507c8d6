import { Badge } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { activityOf } from './queue.ts';
import { offlineTexts } from './texts.ts';
import { useQueuedWrites } from './use-offline.ts';

/** On an activity's row and drawer: it has writes waiting in the offline queue (or refused there). */
export function PendingBadge({ activityId }: { activityId: number }) {
  const entries = useQueuedWrites().filter((entry) => activityOf(entry) === activityId);
  if (entries.length === 0) return null;
  const refused = entries.some((entry) => entry.state === 'refused');
  return (
    <Badge
      color={refused ? 'red' : 'orange'}
      variant="light"
      miw="max-content"
      leftSection={<IconCloudUpload size={12} aria-hidden />}
      data-testid="offline-pending-badge"
    >
      {refused ? offlineTexts.pendingBadgeRefused : offlineTexts.pendingBadge}
    </Badge>
  );
}
