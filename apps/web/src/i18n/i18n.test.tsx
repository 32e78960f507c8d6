import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';

/** A fresh instance, as a page opened cold has it: the public namespaces only. */
async function freshI18n() {
  vi.resetModules();
  return import('./i18n.ts');
}

function ProvidersTitle() {
  const { t } = useTranslation('providers');
  return <h1>{t('title')}</h1>;
}

describe('namespaces loaded with the page that reads them', () => {
  it('a component reading a namespace not loaded yet waits for it: its text, never the raw key', async () => {
    const { i18n } = await freshI18n();
    expect(i18n.hasResourceBundle('it', 'providers')).toBe(false);
    const seen: string[] = [];
    const Spy = () => {
      seen.push(document.body.textContent ?? '');
      return null;
    };
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>Caricamento</p>}>
          <ProvidersTitle />
          <Spy />
        </Suspense>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Fornitori' })).toBeVisible();
    expect(document.body.textContent).not.toMatch(/providers:|title/);
    expect(seen.join(' ')).not.toMatch(/providers:|\btitle\b/);
  });

  it("a key read outside a component while its namespace loads is '' (not 'ns:key'), then its text", async () => {
    const { i18n } = await freshI18n();
    const loaded = new Promise((resolve) => i18n.on('loaded', resolve));
    expect(i18n.t('condominiums:drawerTitle')).toBe('');
    await loaded;
    expect(i18n.t('condominiums:drawerTitle')).toBe('Condominio');
  });

  it('a component that read a key of a namespace not loaded yet shows its text once it is in', async () => {
    const { i18n } = await freshI18n();
    const DrawerTitle = () => {
      const { t } = useTranslation();
      return <h2>{t('condominiums:drawerTitle') || '…'}</h2>;
    };
    render(
      <I18nextProvider i18n={i18n}>
        <DrawerTitle />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('…');
    expect(await screen.findByRole('heading', { name: 'Condominio' })).toBeVisible();
  });

  it('a namespace loaded with its page does not re-render the components that read other namespaces', async () => {
    const { i18n, loadNamespaces } = await freshI18n();
    let renders = 0;
    const TopBarText = () => {
      const { t } = useTranslation();
      renders += 1;
      return <p>{t('search')}</p>;
    };
    render(
      <I18nextProvider i18n={i18n}>
        <TopBarText />
      </I18nextProvider>,
    );
    const before = renders;
    await act(() => loadNamespaces('providers', 'contacts'));
    expect(i18n.hasResourceBundle('it', 'providers')).toBe(true);
    expect(renders).toBe(before);
  });

  it('a key missing from a loaded namespace shows with its namespace, so that it is noticed', async () => {
    const { i18n, loadNamespaces } = await freshI18n();
    await loadNamespaces('providers');
    expect(i18n.t('providers:noSuchKey')).toBe('providers:noSuchKey');
    expect(i18n.t('common:noSuchKey')).toBe('common:noSuchKey');
  });
});
