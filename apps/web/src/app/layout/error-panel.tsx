import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown when a page fails to render (spec section 2: 'error' / 'somethingWentWrong'). */
export function ErrorPanel() {
  const { t } = useTranslation();
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={420} role="alert">
        <IconBug size={48} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz="h2">
          {t('error')}
        </Title>
        <Text fw={600}>{t('somethingWentWrong')}</Text>
        <Text c="dimmed" ta="center">
          {t('somethingWentWrongText')}
        </Text>
        <Button onClick={() => window.location.reload()}>{t('reload')}</Button>
      </Stack>
    </Center>
  );
}
