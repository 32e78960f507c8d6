import { Anchor, Stack, Text } from '@mantine/core';
import type { Condominio } from '@stabile/contract';
import { IconChecklist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface LinksTabProps {
  condominium: Condominio;
  /** Called when a link leaves the drawer (it closes on every route change anyway). */
  onNavigate: () => void;
}

/** Where the condominium's other data lives: its activities (the list pre-filtered on it). */
export function LinksTab({ condominium }: LinksTabProps) {
  const { t } = useTranslation('condominiums');
  return (
    <Stack gap="xs">
      <Anchor component={Link} to={`/activities?condGenID=${condominium.id}`} fw={600}>
        <IconChecklist size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
        {t('activitiesLink')}
      </Anchor>
      <Text size="sm" c="gray.7">
        {t('activitiesLinkText')}
      </Text>
    </Stack>
  );
}
