import { useDebouncedValue } from '@mantine/hooks';
import { FILTER_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@stabile/contract';

/**
 * The search sent for a typed text: after the debounce, from 3 characters, '' otherwise (a query
 * is sent only when non-empty, spec section 5).
 */
export function useRegistrySearch(searchText: string): string {
  const [debounced] = useDebouncedValue(searchText.trim(), FILTER_DEBOUNCE_MS);
  return debounced.length >= SEARCH_MIN_LENGTH ? debounced : '';
}
