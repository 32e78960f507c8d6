import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="70dvh" p="md" component="main">
      <Stack align="center" gap="sm" maw={420}>
        <Text fz={56} fw={800} c="brand.6" aria-hidden>
          404
        </Text>
        <Title order={1} fz="h2">
          {t('notFoundTitle')}
        </Title>
        <Text ta="center" c="dimmed">
          {t('notFoundText')}
        </Text>
        <Button component={Link} to="/">
          {t('goHome')}
        </Button>
      </Stack>
    </Center>
  );
}
