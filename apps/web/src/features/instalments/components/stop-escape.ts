import type { KeyboardEvent } from 'react';

/**
 * Escape closes the innermost layer only. A modal opened from the drawer is portalled out of it, but
 * React still bubbles its key events to the drawer: the modal closes itself and stops the event there.
 */
export function stopEscape(event: KeyboardEvent): void {
  if (event.key === 'Escape') event.stopPropagation();
}
