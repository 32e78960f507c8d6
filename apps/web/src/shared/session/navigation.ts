/**
 * Lets code outside React (the base query) navigate: the app registers the router's navigate at start.
 * Until then (tests, early start) a navigation is a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function registerNavigate(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigateImpl) navigateImpl(to, options);
  else window.location.assign(to);
}
