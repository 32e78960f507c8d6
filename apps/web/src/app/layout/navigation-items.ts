import { Area } from '@stabile/contract';
import {
  IconAddressBook,
  IconBuildingCommunity,
  IconClipboardList,
  IconCoins,
  IconHome,
  IconTool,
  IconTruckDelivery,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { type AuthState, isAreaAllowed } from '../../shared/state/auth-slice.ts';

export interface NavItem {
  to: string;
  /** Key in the 'layout' namespace. */
  label: string;
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Permission area (spec section 6): the entry is hidden when the archive user may not use it. */
  area?: Area;
}

export const HOME_ITEM: NavItem = { to: '/', label: 'home', icon: IconHome };

/** The two sidebar groups of spec section 2. */
export const NAV_GROUPS: NavItem[][] = [
  [
    { to: '/condominiums', label: 'condominiums', icon: IconBuildingCommunity },
    { to: '/instalments', label: 'instalments', icon: IconCoins },
  ],
  [
    { to: '/activities', label: 'activities', icon: IconClipboardList, area: Area.Activities },
    { to: '/commonParts', label: 'commonParts', icon: IconTool, area: Area.Plants },
    { to: '/contacts', label: 'contacts', icon: IconAddressBook, area: Area.People },
    { to: '/providers', label: 'providers', icon: IconTruckDelivery, area: Area.Providers },
  ],
];

export function visibleGroups(auth: Pick<AuthState, 'gestioneAccessi' | 'permissions'>): NavItem[][] {
  return NAV_GROUPS.map((group) => group.filter((item) => isAreaAllowed(auth, item.area))).filter(
    (group) => group.length > 0,
  );
}
