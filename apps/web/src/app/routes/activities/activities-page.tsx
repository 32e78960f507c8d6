import { Button, Group } from '@mantine/core';
import { IconEyeOff, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityList } from '../../../features/activities/components/activity-list.tsx';
import { usePortal } from '../../../features/activities/portal.ts';
import { lazyNamed } from '../../../shared/ui/lazy-named.ts';
import { PageHeader } from '../../../shared/ui/page-header.tsx';
import { OnceOpened } from '../../layout/lazy-layers.tsx';

// The form (and its date pickers) loads when it first opens, not with the list.
const ActivityCreateModal = lazyNamed(
  () => import('../../../features/activities/components/activity-create-modal.tsx'),
  'ActivityCreateModal',
);

export function ActivitiesPage() {
  const { t } = useTranslation('activities');
  const [creating, setCreating] = useState<'normal' | 'hidden' | null>(null);
  const portal = usePortal();
  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconEyeOff size={16} aria-hidden />}
              onClick={() => (portal.enabled ? setCreating('hidden') : portal.explainNotEnabled())}
            >
              {t('newHidden')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating('normal')}>
              {t('new')}
            </Button>
          </Group>
        }
      />
      <ActivityList onCreate={() => setCreating('normal')} />
      <OnceOpened opened={creating !== null}>
        <ActivityCreateModal
          opened={creating !== null}
          hidden={creating === 'hidden'}
          onClose={() => setCreating(null)}
        />
      </OnceOpened>
    </>
  );
}

export { ActivitiesPage as Component };
