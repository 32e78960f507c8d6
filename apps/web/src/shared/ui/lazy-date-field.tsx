import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFieldProps } from './date-field.tsx';

const DateField = lazy(() => import('./date-field.tsx').then((m) => ({ default: m.DateField })));

/**
 * The date field (`@mantine/dates`, about 13 KB of gzip JavaScript) loaded when first rendered: for
 * panels a page shows only on request, e.g. the list filters. Mount it when the panel first opens
 * (Mantine's Collapse renders its hidden content), not with the page.
 */
export function LazyDateField(props: DateFieldProps) {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={t('loading')} />}>
      <DateField {...props} />
    </Suspense>
  );
}
