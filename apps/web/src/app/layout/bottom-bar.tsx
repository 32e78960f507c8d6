import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useAppSelector } from '../../shared/hooks.ts';
import classes from './bottom-bar.module.css';
import { HOME_ITEM, type NavItem, visibleGroups } from './navigation-items.ts';

const MAX_DIRECT = 4;

/** Mobile navigation: home and the first allowed areas, the rest under 'Altro'. */
export function BottomBar() {
  const { t } = useTranslation('layout');
  const auth = useAppSelector((state) => state.auth);
  const { pathname } = useLocation();
  const items: NavItem[] = [HOME_ITEM, ...visibleGroups(auth).flat()];
  const direct = items.length <= MAX_DIRECT + 1 ? items : items.slice(0, MAX_DIRECT);
  const more = items.length <= MAX_DIRECT + 1 ? [] : items.slice(MAX_DIRECT);
  const moreActive = more.some((item) => pathname.startsWith(item.to));

  return (
    <nav aria-label={t('mainNavigation')} className={classes.bar}>
      {direct.map((item) => (
        <RouterNavLink
          key={item.to}
          to={item.to}
          end={item.to === '/'}
          className={({ isActive }) => (isActive ? `${classes.item} ${classes.active}` : classes.item)}
        >
          <item.icon size={22} stroke={1.6} aria-hidden />
          <Text component="span" size="xs" className={classes.label}>
            {t(item.label)}
          </Text>
        </RouterNavLink>
      ))}
      {more.length > 0 && (
        <Menu position="top-end" withinPortal>
          <Menu.Target>
            <UnstyledButton className={moreActive ? `${classes.item} ${classes.active}` : classes.item}>
              <IconDots size={22} stroke={1.6} aria-hidden />
              <Text component="span" size="xs" className={classes.label}>
                {t('more')}
              </Text>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((item) => (
              <Menu.Item
                key={item.to}
                component={Link}
                to={item.to}
                leftSection={<item.icon size={18} aria-hidden />}
              >
                {t(item.label)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </nav>
  );
}
