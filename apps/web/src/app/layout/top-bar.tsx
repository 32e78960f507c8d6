import { Avatar, Button, Group, Loader, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconBug,
  IconBulb,
  IconChevronDown,
  IconDatabase,
  IconLogout,
  IconSparkles,
  IconSwitchHorizontal,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { OfflineStatus } from '../../shared/offline/offline-status.tsx';
import { selectAccount, selectUserName } from '../../shared/state/auth-slice.ts';
import {
  selectArchive,
  selectIsMobile,
  selectLastAccessPending,
  selectSidebarExpanded,
} from '../../shared/state/general-slice.ts';
import { reportModalOpened } from '../../shared/state/modals-slice.ts';
import { logout, unsetArchive } from '../../shared/state/session-thunks.ts';
import { SearchButton } from './search-launcher.tsx';
import classes from './top-bar.module.css';

export interface TopBarProps {
  onOpenWhatsNew?: () => void;
}

function initials(name: string): string {
  const parts = name.replace(/[@.]/g, ' ').split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export function TopBar({ onOpenWhatsNew }: TopBarProps) {
  const { t } = useTranslation(['layout', 'reports']);
  const dispatch = useAppDispatch();
  const archive = useAppSelector(selectArchive);
  const account = useAppSelector(selectAccount);
  const userName = useAppSelector(selectUserName);
  const mobile = useAppSelector(selectIsMobile);
  const sidebarExpanded = useAppSelector(selectSidebarExpanded);
  const pending = useAppSelector(selectLastAccessPending);
  // Spec section 2: the 'Novità' label shows only when the sidebar is collapsed.
  const showWhatsNewLabel = !mobile && !sidebarExpanded;

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" className={classes.start}>
        <Link to="/" className={classes.brand} aria-label={t('home')}>
          <img src="/icons/icon.svg" alt="" width={28} height={28} />
          {!mobile && (
            <Text fw={700} c="brand.8">
              Stabile
            </Text>
          )}
        </Link>
        {archive && (
          <Tooltip label={t('switchArchive')}>
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              leftSection={<IconDatabase size={16} aria-hidden />}
              rightSection={<IconSwitchHorizontal size={14} aria-hidden />}
              onClick={() => dispatch(unsetArchive())}
              aria-label={`${t('archive')}: ${archive.nome}. ${t('switchArchive')}`}
              className={classes.archive}
            >
              <span className={classes.archiveName}>{archive.nome}</span>
            </Button>
          </Tooltip>
        )}
        {pending && <Loader size="xs" role="status" aria-label={t('updatingLastAccess')} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <OfflineStatus />
        {archive && <SearchButton />}
        {onOpenWhatsNew && (
          <Button
            variant="light"
            size="compact-sm"
            onClick={onOpenWhatsNew}
            leftSection={showWhatsNewLabel ? <IconSparkles size={16} aria-hidden /> : undefined}
            aria-label={showWhatsNewLabel ? undefined : t('whatsNew')}
          >
            {showWhatsNewLabel ? t('whatsNew') : <IconSparkles size={16} aria-hidden />}
          </Button>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton className={classes.user} aria-label={t('userMenu')}>
              <Group gap={6} wrap="nowrap">
                <Avatar size="sm" color="brand" radius="xl">
                  {initials(userName || account?.nome || '')}
                </Avatar>
                {!mobile && (
                  <Text size="sm" className={classes.userName}>
                    {userName}
                  </Text>
                )}
                <IconChevronDown size={14} aria-hidden />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{t('loggedAs', { name: userName })}</Menu.Label>
            {account?.nome && <Menu.Label>{account.nome}</Menu.Label>}
            <Menu.Item
              leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
              onClick={() => dispatch(unsetArchive())}
            >
              {t('switchArchive')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              leftSection={<IconBug size={16} aria-hidden />}
              onClick={() => dispatch(reportModalOpened({ type: 'bug' }))}
            >
              {t('reports:reportBug')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconBulb size={16} aria-hidden />}
              onClick={() => dispatch(reportModalOpened({ type: 'suggestion' }))}
            >
              {t('reports:suggest')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => dispatch(logout())}
            >
              {t('logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
