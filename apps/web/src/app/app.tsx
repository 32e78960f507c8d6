import '@mantine/core/styles.css';
import { type CSSVariablesResolver, MantineProvider } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { i18n } from '../i18n/i18n.ts';
import { RootEffects } from './root-effects.tsx';
import { AppRoutes } from './router.tsx';
import { theme } from './theme.ts';

// The toasts' container is not needed for the first paint; toasts shown before it loads wait for it.
const NotificationsHost = lazy(() => import('./notifications-host.tsx'));

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
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
        <BrowserRouter>
          <RootEffects />
          <AppRoutes />
        </BrowserRouter>
      </MantineProvider>
    </I18nextProvider>
  );
}
