import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header.tsx';

export interface AreaInPreparationProps {
  title: string;
  description: string;
}

/** An area whose screens are not built yet: says so plainly instead of showing empty controls. */
export function AreaInPreparation({ title, description }: AreaInPreparationProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={title} />
      <Alert color="brand" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('beingPrepared')}>
        <Text size="sm">{description}</Text>
      </Alert>
    </Stack>
  );
}
