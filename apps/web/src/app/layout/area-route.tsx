import { Area } from '@stabile/contract';
import type { ReactNode } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { isAreaAllowed } from '../../shared/state/auth-slice.ts';
import { NotAllowedPage } from '../routes/not-allowed/not-allowed-page.tsx';

export interface AreaRouteProps {
  /** The area's name (`'Activities'`): the route table names it, so /login does not load the enums. */
  area: keyof typeof Area;
  children: ReactNode;
}

/** A page of a permission area (spec section 6): the not-allowed page when the user lacks it. */
export function AreaRoute({ area, children }: AreaRouteProps) {
  const allowed = useAppSelector((state) => isAreaAllowed(state.auth, Area[area]));
  return allowed ? children : <NotAllowedPage />;
}
