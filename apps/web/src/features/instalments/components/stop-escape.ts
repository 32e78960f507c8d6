import { useEffect, useRef } from 'react';

/**
 * Escape closes the innermost layer only. A modal opened from the drawer is portalled out of it, yet
 * the drawer would also take the key: while the modal is open, the key is caught before anything
 * else sees it (window, capture phase) and closes the modal alone. The modal sets closeOnEscape off.
 */
export function useEscapeClosesOnly(opened: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      latest.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [opened]);
}
