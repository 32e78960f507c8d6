import { Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLoadFailedText } from '../offline/use-offline.ts';

export interface EntityDrawerErrorProps {
  onRetry: () => void;
}

/** The retry screen of a drawer whose entity could not be loaded. */
export function EntityDrawerError({ onRetry }: EntityDrawerErrorProps) {
  const { t } = useTranslation();
  const loadFailed = useLoadFailedText();
  return (
    <Center py="xl">
      <Stack align="center" gap="md" role="alert">
        <IconAlertTriangle size={40} color="var(--mantine-color-red-6)" aria-hidden />
        <Text ta="center">{loadFailed}</Text>
        <Button variant="light" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    </Center>
  );
}
