import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface NotAllowedPageProps {
  /** The account type is not Pro (rather than a missing area permission). */
  notPro?: boolean;
  onLogout?: () => void;
}

export function NotAllowedPage({ notPro = false, onLogout }: NotAllowedPageProps) {
  const { t } = useTranslation(['common', 'layout']);
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={460}>
        <IconLock size={48} color="var(--mantine-color-gray-6)" aria-hidden />
        <Title order={1} fz="h2">
          {t('notAllowedTitle')}
        </Title>
        <Text ta="center" c="dimmed">
          {notPro ? t('notAllowedProText') : t('notAllowedText')}
        </Text>
        {onLogout ? (
          <Button onClick={onLogout}>{t('layout:logout')}</Button>
        ) : (
          <Button component={Link} to="/">
            {t('goHome')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
