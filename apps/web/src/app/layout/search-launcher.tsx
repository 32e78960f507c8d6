import { ActionIcon, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The search palette (Mantine Spotlight and its results) loads on first use: Ctrl+K / Cmd+K or the top
 * bar's button. Until then this module answers the shortcut itself; once loaded, the palette's own
 * shortcut takes over.
 */
type PaletteModule = typeof import('../../features/search/search-palette.tsx');

let palette: PaletteModule['searchPalette'] | null = null;
let requested = false;
const listeners = new Set<() => void>();

const SearchPalette = lazy(() =>
  import('../../features/search/search-palette.tsx').then((module) => {
    palette = module.searchPalette;
    palette.open();
    for (const listener of listeners) listener();
    return { default: module.SearchPalette };
  }),
);

/** Opens the palette, loading it the first time. */
export function openSearch(): void {
  if (palette) {
    palette.open();
    return;
  }
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const state = () => (palette ? 'loaded' : requested ? 'loading' : 'idle');

/** Mounted once in the main layout: the palette, from the first time it is asked for. */
export function SearchPaletteHost() {
  const status = useSyncExternalStore(subscribe, state, state);
  // Ctrl+K opens the palette from inside a form field too (as the palette's own shortcut does).
  useHotkeys(status === 'loaded' ? [] : [['mod+K', openSearch]], []);
  if (status === 'idle') return null;
  return (
    <Suspense fallback={null}>
      <SearchPalette />
    </Suspense>
  );
}

/** The top bar's search button (an icon, also on the phone). */
export function SearchButton() {
  const { t } = useTranslation('search');
  return (
    <Tooltip label={t('open')}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('openShort')} onClick={openSearch}>
        <IconSearch size={20} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
