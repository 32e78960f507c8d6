import { useCallback } from 'react';
import { useAppDispatch } from '../hooks.ts';
import { entityDetailsOpened } from '../state/modals-slice.ts';

/** Opens an entity drawer: `open('attivita', 42)`. */
export function useOpenEntityDetails() {
  const dispatch = useAppDispatch();
  return useCallback(
    (kind: string, id: number | string) => dispatch(entityDetailsOpened({ kind, id: String(id) })),
    [dispatch],
  );
}
