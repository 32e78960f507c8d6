import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Every how long the session is checked again while the server does not answer. */
const RETRY_EVERY_MS = 15_000;

/**
 * Shown instead of the app when the session could not be checked on load (no answer from the
 * server, a 5xx during a deploy): the login and the archive in use stay stored, and the check is
 * made again on "Riprova", every 15 seconds and when the device comes back online.
 */
export function ServerUnreachablePanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setInterval(onRetry, RETRY_EVERY_MS);
    window.addEventListener('online', onRetry);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', onRetry);
    };
  }, [onRetry]);
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={440} role="alert">
        <IconCloudOff size={48} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={1} fz="h2" ta="center">
          {t('serverUnreachableTitle')}
        </Title>
        <Text c="dimmed" ta="center">
          {t('serverUnreachableText')}
        </Text>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </Stack>
    </Center>
  );
}
