import 'dayjs/locale/it';
import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { Provider } from 'react-redux';
import { Outlet } from 'react-router';
import { store } from './store.ts';
import { StoreEffects } from './store-effects.tsx';

dayjs.locale('it');

/**
 * Everything that needs the Redux store (the private area and the supplier's page) sits under this
 * lazy route, so the login page loads neither Redux, RTK Query nor the contract's zod schemas.
 */
export function StoreRoute() {
  return (
    <Provider store={store}>
      <DatesProvider settings={{ locale: 'it', firstDayOfWeek: 1 }}>
        <StoreEffects />
        <Outlet />
      </DatesProvider>
    </Provider>
  );
}

export { StoreRoute as Component };
