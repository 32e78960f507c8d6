import '@mantine/spotlight/styles.css';
import { Button, Center, CloseButton, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { SEARCH_MIN_LENGTH, type SearchGroup } from '@stabile/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../shared/hooks.ts';
import { selectIsMobile } from '../../shared/state/general-slice.ts';
import { useOpenEntityDetails } from '../../shared/ui/use-open-entity-details.ts';
import { useSearchEverythingQuery } from './search-api.ts';

/** The palette's own store: opened by Ctrl+K / Cmd+K or the top bar's button. */
export const [searchStore, searchPalette] = createSpotlight();

/** How long the palette waits after the last key before it searches. */
export const SEARCH_DEBOUNCE_MS = 200;

function MoreLabel({ group }: { group: SearchGroup }) {
  const { t } = useTranslation('search');
  const rest = group.total - group.hits.length;
  if (rest <= 0) return null;
  return (
    <Text span size="xs" c="dimmed" fw={400}>
      {group.capped ? t('moreCapped', { count: rest }) : t('more', { count: rest })}
    </Text>
  );
}

function Results({ q }: { q: string }) {
  const { t } = useTranslation('search');
  const openDetails = useOpenEntityDetails();
  const { data, isFetching, isError, refetch } = useSearchEverythingQuery(q);

  if (isError) {
    return (
      <Stack align="center" gap="xs" p="md" role="alert">
        <Text size="sm">{t('error')}</Text>
        <Button size="compact-sm" variant="light" onClick={() => refetch()}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  if (!data) {
    return (
      <Center p="md">
        <Loader size="sm" aria-label={t('searching')} />
      </Center>
    );
  }
  if (data.groups.length === 0) {
    return (
      <Spotlight.Empty>
        <Stack gap={4} align="center">
          <Text size="sm">{t('empty', { q })}</Text>
          <Text size="xs" c="dimmed">
            {t('emptyHint')}
          </Text>
        </Stack>
      </Spotlight.Empty>
    );
  }
  return (
    <>
      {isFetching && (
        <Text size="xs" c="dimmed" px="md" pt={4} role="status">
          {t('searching')}
        </Text>
      )}
      {data.groups.map((group) => (
        <section key={group.kind} aria-labelledby={`cerca-${group.kind}`}>
          <Group gap={6} px="md" pt="sm" pb={4} wrap="nowrap">
            <Text id={`cerca-${group.kind}`} size="xs" fw={700} c="dimmed" tt="uppercase">
              {t(`kinds.${group.kind}`)}
            </Text>
            <MoreLabel group={group} />
          </Group>
          {group.hits.map((hit) => (
            <Spotlight.Action
              key={`${hit.drawer}:${hit.drawerId}`}
              label={hit.title}
              description={hit.subtitle ?? undefined}
              onClick={() => openDetails(hit.drawer, hit.drawerId)}
            />
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * Search everything (issue 28): a palette over the whole app, opened with Ctrl+K (Cmd+K on a Mac)
 * or the top bar's button. It searches from 3 characters, 200 ms after the last key, and shows the
 * hits by kind; arrows choose, Enter opens the record's drawer.
 */
export function SearchPalette() {
  const { t } = useTranslation('search');
  const mobile = useAppSelector(selectIsMobile);
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const ready = debounced.length >= SEARCH_MIN_LENGTH;

  return (
    <Spotlight.Root
      store={searchStore}
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      // Ctrl+K opens the palette from inside a form field too.
      tagsToIgnore={[]}
      fullScreen={mobile}
      // The theme leaves Escape to the escape layers, which close a layer through its close button;
      // the palette has none on the desktop, so it closes on Escape itself.
      closeOnEscape
      scrollable
      maxHeight={mobile ? '80dvh' : 480}
      // The dialog's name; shown on the phone, where the palette fills the screen.
      title={mobile ? t('label') : <VisuallyHidden>{t('label')}</VisuallyHidden>}
      styles={{ header: mobile ? { paddingInline: 'var(--mantine-spacing-md)' } : { display: 'contents' } }}
    >
      <Spotlight.Search
        placeholder={t('placeholder')}
        aria-label={t('label')}
        leftSection={<IconSearch size={18} stroke={1.5} aria-hidden />}
        rightSectionPointerEvents="all"
        rightSection={
          // On the phone there is no Escape key: a close button instead.
          mobile ? <CloseButton aria-label={t('close')} onClick={searchPalette.close} /> : undefined
        }
      />
      <Spotlight.ActionsList aria-label={t('label')}>
        {ready ? (
          <Results q={debounced} />
        ) : (
          <Text size="sm" c="dimmed" p="md">
            {t('hint')}
          </Text>
        )}
      </Spotlight.ActionsList>
      {!mobile && (
        <Spotlight.Footer>
          <Text size="xs" c="dimmed">
            {t('footer')}
          </Text>
        </Spotlight.Footer>
      )}
    </Spotlight.Root>
  );
}
