import { useEffect, useRef } from 'react';

/**
 * Escape closes the innermost layer only. Mantine's modals and drawers each close on any Escape
 * pressed in the window (capture listeners on window), so a modal opened over the entity drawer
 * would take the drawer with it. A layer using this hook turns Mantine's own Escape off
 * (`closeOnEscape={false}`); one window listener, registered when this module loads (before any
 * Mantine layer mounts, so it runs first), closes the topmost open layer and stops the event there.
 */
const openLayers: Array<{ id: number; close: () => void }> = [];
let nextLayer = 1;

if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      const top = openLayers.at(-1);
      if (event.key !== 'Escape' || event.isComposing || !top) return;
      event.stopImmediatePropagation();
      event.preventDefault();
      top.close();
    },
    { capture: true },
  );
}

export function useEscapeLayer(opened: boolean, onClose: () => void): void {
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!opened) return;
    const layer = { id: nextLayer++, close: () => close.current() };
    openLayers.push(layer);
    return () => {
      const index = openLayers.indexOf(layer);
      if (index >= 0) openLayers.splice(index, 1);
    };
  }, [opened]);
}
