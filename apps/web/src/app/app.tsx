import '@mantine/core/styles.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { importWhenOnline } from '../shared/ui/import-when-online.ts';
import { RootEffects } from './root-effects.tsx';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

// The toasts' container (and its transitions) loads with the first toast: toasts wait in Mantine's
// store until it mounts, so a page that shows none never loads it. Offline, before the service worker
// serves it, it waits for the connection (the first toast may be the one saying it is gone).
const NoToasts: ComponentType = () => null;
const NotificationsHost = lazy(() =>
  importWhenOnline<{ default: ComponentType }>(() => import('./notifications-host.tsx'), {
    default: NoToasts,
  }),
);

const anyToast = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

function ToastsWhenShown() {
  const [needed, setNeeded] = useState(anyToast);
  useEffect(() => {
    if (needed) return;
    if (anyToast()) setNeeded(true);
    return notificationsStore.subscribe(() => {
      if (anyToast()) setNeeded(true);
    });
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/**
 * Mantine's dimmed grey (gray.6), its placeholder grey (gray.5) and its error red (red.6) fail WCAG AA
 * contrast on white; gray.7 and red.9 pass.
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <ToastsWhenShown />
        <BrowserRouter>
          <RootEffects />
          <AppRoutes />
        </BrowserRouter>
      </MantineProvider>
    </I18nextProvider>
  );
}
