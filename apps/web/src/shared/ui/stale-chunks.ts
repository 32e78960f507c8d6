/*
 * A page's code and styles load in pieces as the user moves (lazy routes). When one piece fails to
 * load (a new version was deployed and the old files are gone, or the request failed on a bad
 * connection), Vite raises `vite:preloadError` and the page would stay blank. The page is loaded
 * again instead, once: a second failure within a minute is left to the error boundary, so that a
 * piece that keeps failing cannot make the page reload over and over. Offline it is not reloaded.
 */
const LAST_RELOAD_KEY = 'stabile.staleChunkReload';
const AT_MOST_EVERY_MS = 60_000;

export function installStaleChunkReload(
  reload: () => void = () => window.location.reload(),
  now: () => number = Date.now,
): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('vite:preloadError', (event) => {
    // Offline the piece cannot load again: a reload would only put the browser's offline page in place
    // of the app (before a service worker serves it). The failure goes to the code that asked for it.
    if (navigator.onLine === false) return;
    const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0);
    if (now() - last < AT_MOST_EVERY_MS) return;
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now()));
    // Handled here: the failed import does not surface as an error.
    event.preventDefault();
    reload();
  });
}
