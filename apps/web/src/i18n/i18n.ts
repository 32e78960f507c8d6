import { LOCALE } from '@stabile/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Italian is the only language. Every file `./it/<namespace>.ts` (default export: an object of
 * strings) becomes the namespace `<namespace>`: a feature adds its own file, nothing else to edit.
 * Use: `const { t } = useTranslation('activities'); t('title')` or `t('common:save')`.
 *
 * The namespaces of the public pages are bundled with the entry; the others are loaded with the
 * private area (`loadAllNamespaces`, awaited before it renders), which keeps /login light.
 */
const PUBLIC_NAMESPACES = ['common', 'errors', 'auth'];

type NamespaceModule = { default: Record<string, unknown> };

const eagerModules = import.meta.glob<NamespaceModule>('./it/{common,errors,auth}.ts', {
  eager: true,
});
const lazyModules = import.meta.glob<NamespaceModule>(['./it/*.ts', '!./it/{common,errors,auth}.ts']);

const namespaceOf = (file: string) => file.replace(/^.*\/(.+)\.ts$/, '$1');

export const publicResources: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(eagerModules).map(([file, module]) => [namespaceOf(file), module.default]),
);

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: LOCALE,
  fallbackLng: LOCALE,
  supportedLngs: [LOCALE],
  resources: { [LOCALE]: publicResources },
  ns: PUBLIC_NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

let loadingAll: Promise<void> | null = null;

/** Adds every other namespace (features' files included). Safe to call more than once. */
export function loadAllNamespaces(): Promise<void> {
  loadingAll ??= Promise.all(
    Object.entries(lazyModules).map(async ([file, load]) => {
      const module = await load();
      i18n.addResourceBundle(LOCALE, namespaceOf(file), module.default, true, true);
    }),
  ).then(() => undefined);
  return loadingAll;
}

/** Adds one namespace (a public page outside the private area, e.g. the attachment preview). */
export async function loadNamespace(namespace: string): Promise<void> {
  const load = lazyModules[`./it/${namespace}.ts`];
  if (!load || i18n.hasResourceBundle(LOCALE, namespace)) return;
  i18n.addResourceBundle(LOCALE, namespace, (await load()).default, true, true);
}
