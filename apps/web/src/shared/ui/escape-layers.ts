/**
 * Escape closes the innermost layer only (a calendar or a list before the modal that holds it, a
 * confirmation before the drawer under it). Mantine closes every open modal and drawer on one Escape,
 * each from its own window listener, so the theme turns that off (`closeOnEscape: false`) and this one
 * listener, registered before any modal's, closes the topmost layer through its close button (which
 * runs the layer's own onClose, including its check for unsaved changes).
 *
 * An element that handles Escape itself says so with `data-mantine-stop-propagation="true"` (Mantine's
 * open comboboxes, menus and calendars do; our inline editors and date fields too): then no layer closes.
 */
const LAYER_SELECTOR = '.mantine-Modal-content, .mantine-Drawer-content';
const CLOSE_SELECTOR = '.mantine-Modal-close, .mantine-Drawer-close';

function zIndexOf(layer: HTMLElement): number {
  const root = layer.closest<HTMLElement>('.mantine-Modal-root, .mantine-Drawer-root');
  const value = root ? Number.parseInt(getComputedStyle(root).getPropertyValue('--mb-z-index'), 10) : 0;
  return Number.isFinite(value) ? value : 0;
}

/** The open layers, lowest first: by z-index, then by their place in the document (later is above). */
export function openLayers(): HTMLElement[] {
  const layers = [...document.querySelectorAll<HTMLElement>(LAYER_SELECTOR)].filter((layer) =>
    typeof layer.checkVisibility === 'function' ? layer.checkVisibility() : true,
  );
  return layers
    .map((layer, index) => ({ layer, index, z: zIndexOf(layer) }))
    .sort((a, b) => a.z - b.z || a.index - b.index)
    .map((entry) => entry.layer);
}

export function handleEscape(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[data-mantine-stop-propagation="true"]')) return;
  const layers = openLayers();
  // Focus is trapped in the layer on top: the layer holding the focused element is the innermost one.
  // Nested layers are portals, not descendants, so `contains` names exactly one.
  const top = (target && layers.filter((layer) => layer.contains(target)).at(-1)) || layers.at(-1);
  const close = top?.querySelector<HTMLButtonElement>(CLOSE_SELECTOR);
  if (!close) return;
  event.preventDefault();
  close.click();
}

let installed = false;

export function installEscapeLayers(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('keydown', handleEscape, { capture: true });
}
