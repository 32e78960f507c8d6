/**
 * Loads a lazy piece that must not break the page when it cannot load without a connection (the toasts'
 * container, whose first toast may be the one that says the connection is gone): a failed import is
 * tried again when the connection returns, and meanwhile the piece waits (its Suspense shows its
 * fallback). A piece that fails with the connection up, or loads as nothing, gives `fallback`.
 */
export function importWhenOnline<T>(load: () => Promise<T | undefined>, fallback: T): Promise<T> {
  return load().then(
    (module) => module ?? fallback,
    () =>
      navigator.onLine === false
        ? new Promise<T>((resolve) => {
            window.addEventListener('online', () => resolve(importWhenOnline(load, fallback)), {
              once: true,
            });
          })
        : fallback,
  );
}
