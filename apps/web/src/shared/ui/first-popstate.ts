/*
 * The browser's back and forward reach React Router through its `popstate` listener on the window.
 * Listeners on the window run in the order they were added (a capturing one does not go first), so a
 * guard that must see the move before the router has to be added before the router starts: this
 * listener is installed at start (main.tsx) and hands each move to the one handler set now.
 */
type Handler = (event: PopStateEvent) => void;

let handler: Handler | null = null;
let installed = false;

/** Call once before the router mounts. */
export function installFirstPopstate(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => handler?.(event));
}

/** Sees each back or forward before the router; `event.stopImmediatePropagation()` hides it from the router. */
export function onFirstPopstate(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}
