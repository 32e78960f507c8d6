import { ActionIcon, Divider, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { selectSidebarExpanded, sidebarToggled } from '../../shared/state/general-slice.ts';
import { visibleGroups } from './navigation-items.ts';
import classes from './sidebar.module.css';

/**
 * The collapsible sidebar (desktop): two groups, entries of forbidden areas hidden. Expanded it is the
 * spec's 150 px (LAYOUT_SIZES.navbarExpanded): tighter paddings keep every label on one line.
 */
export function Sidebar() {
  const { t } = useTranslation('layout');
  const dispatch = useAppDispatch();
  const expanded = useAppSelector(selectSidebarExpanded);
  const auth = useAppSelector((state) => state.auth);
  const { pathname } = useLocation();
  const groups = visibleGroups(auth);

  return (
    <Stack component="nav" aria-label={t('mainNavigation')} gap={0} h="100%" justify="space-between">
      <ScrollArea type="never">
        <Stack gap="xs" p={expanded ? 6 : 'xs'}>
          {groups.map((group, index) => (
            <Stack key={group[0]?.to ?? index} gap={2}>
              {index > 0 && <Divider my={4} />}
              {group.map((item) => {
                const label = t(item.label);
                const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
                const link = (
                  <NavLink
                    key={item.to}
                    component={RouterNavLink}
                    to={item.to}
                    active={active}
                    aria-label={expanded ? undefined : label}
                    label={expanded ? label : undefined}
                    leftSection={<item.icon size={expanded ? 20 : 22} stroke={1.6} aria-hidden />}
                    className={expanded ? classes.expandedLink : classes.collapsedLink}
                  />
                );
                return expanded ? (
                  link
                ) : (
                  <Tooltip key={item.to} label={label} position="right" withArrow>
                    {link}
                  </Tooltip>
                );
              })}
            </Stack>
          ))}
        </Stack>
      </ScrollArea>
      <Stack p="xs" align={expanded ? 'flex-end' : 'center'}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => dispatch(sidebarToggled())}
          aria-label={expanded ? t('collapseSidebar') : t('expandSidebar')}
          aria-expanded={expanded}
        >
          {expanded ? <IconChevronsLeft aria-hidden /> : <IconChevronsRight aria-hidden />}
        </ActionIcon>
      </Stack>
    </Stack>
  );
}
