import { LOCALE } from '@stabile/contract';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Italian is the only language. Every file `./it/<namespace>.ts` (default export: an object of
 * strings) becomes the namespace `<namespace>`: a feature adds its own file, nothing else to edit.
 * Use: `const { t } = useTranslation('activities'); t('title')` or `t('common:save')`.
 *
 * The namespaces of the public pages are bundled with the entry; each other one is loaded when first
 * needed, so a page fetches only its own area's strings:
 * - `useTranslation(ns)` suspends until `ns` is there (the backend below; react-i18next's Suspense),
 *   and the nearest `<Suspense>` (the lazy route's, the drawer's) waits for it: no raw key shows;
 * - a key of a namespace not loaded yet read with `t('ns:key')` or `i18n.t` outside a component
 *   (the drawers' titles) reads '' and loads `ns`; every `useTranslation` re-renders once it is in
 *   (`MISSED_NAMESPACE_LOADED`). A namespace loaded otherwise (with its page, by a suspended
 *   `useTranslation`) re-renders nobody: every `useTranslation` of the app re-rendering at once, in
 *   one uninterruptible render, at each namespace a page brings, blocked a phone for a long while.
 * The private area loads its shell's namespaces before it renders (`SHELL_NAMESPACES`).
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

/** What the private area's shell (top bar, sidebar, search, reports, exports) reads on every page. */
export const SHELL_NAMESPACES = ['layout', 'archives', 'search', 'reports', 'exports'];

/** Reads a namespace's file (the lazy chunk of `./it/<namespace>.ts`); an unknown one is empty. */
const namespaceBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (_language, namespace, callback) => {
    const load = lazyModules[`./it/${namespace}.ts`] ?? (async () => ({ default: {} }));
    load().then(
      (module) => {
        callback(null, module.default as never);
      },
      (error: Error) => {
        callback(error, false);
      },
    );
  },
};

/** Emitted when a namespace that a `t()` call found missing is in (the readers show its text). */
const MISSED_NAMESPACE_LOADED = 'missedNamespaceLoaded';

/** The namespaces being loaded because a key of theirs was read: one re-render each. */
const missedLoading = new Set<string>();

export const i18n = i18next.createInstance();

void i18n
  .use(namespaceBackend)
  .use(initReactI18next)
  .init({
    lng: LOCALE,
    fallbackLng: LOCALE,
    supportedLngs: [LOCALE],
    resources: { [LOCALE]: publicResources },
    // The bundled namespaces are there; the backend loads the others.
    partialBundledLanguages: true,
    ns: PUBLIC_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A namespace loaded after a key of it was read re-renders the components (e.g. a drawer's title).
    react: { bindI18n: `languageChanged ${MISSED_NAMESPACE_LOADED}` },
    appendNamespaceToMissingKey: true,
    parseMissingKeyHandler: (key: string, defaultValue?: string) => {
      const namespace = key.slice(0, key.indexOf(':'));
      if (!i18n.hasResourceBundle(LOCALE, namespace)) {
        if (!missedLoading.has(namespace)) {
          missedLoading.add(namespace);
          void i18n.loadNamespaces(namespace).then(() => {
            missedLoading.delete(namespace);
            i18n.emit(MISSED_NAMESPACE_LOADED, namespace);
          });
        }
        return defaultValue ?? '';
      }
      return defaultValue ?? key;
    },
  });

/** Loads the given namespaces (those not there yet); resolves when they are in. */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces.filter((namespace) => !i18n.hasResourceBundle(LOCALE, namespace)));
}

/** Adds every namespace (features' files included): for the unit tests. Safe to call more than once. */
export function loadAllNamespaces(): Promise<void> {
  return loadNamespaces(...Object.keys(lazyModules).map(namespaceOf));
}

/** Adds one namespace (a public page outside the private area, e.g. the attachment preview). */
export function loadNamespace(namespace: string): Promise<void> {
  return loadNamespaces(namespace);
}
