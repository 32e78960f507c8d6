import type { FocusEvent, KeyboardEvent, ReactNode } from 'react';

const STOP = 'data-mantine-stop-propagation';

export interface EscapeLayerProps {
  /** Called on Escape inside the layer. */
  onEscape: () => void;
  children: ReactNode;
}

/**
 * A modal opened inside the condominium drawer: Escape closes this layer only. Mantine's modals and
 * drawers each close on an Escape seen by a window listener, unless the focused element carries
 * `data-mantine-stop-propagation` (as its comboboxes do): the layer marks whatever has the focus inside
 * it, so neither the drawer below nor the modal itself closes by itself, and handles Escape here.
 */
export function EscapeLayer({ onEscape, children }: EscapeLayerProps) {
  const mark = (event: FocusEvent<HTMLElement>) => event.target.setAttribute(STOP, 'true');
  const unmark = (event: FocusEvent<HTMLElement>) => {
    if (event.target.getAttribute(STOP) === 'true' && !event.target.closest('[aria-expanded="true"]'))
      event.target.removeAttribute(STOP);
  };
  const keyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onEscape();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not an interaction, it keeps Escape inside this layer.
    <div onFocus={mark} onBlur={unmark} onKeyDown={keyDown}>
      {children}
    </div>
  );
}
