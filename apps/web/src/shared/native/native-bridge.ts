/**
 * The ONE place that knows about the mobile native wrapper. The wrapper is a React Native WebView: it
 * injects `window.ReactNativeWebView` and adds `StabileApp` to the user agent. Everything else in the
 * app is plain web; file downloads and external links go through here so the wrapper can handle them.
 */
interface NativeWebView {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    ReactNativeWebView?: NativeWebView;
  }
}

const USER_AGENT_MARKER = 'StabileApp';

export type NativeMessage =
  | { type: 'download'; url: string; fileName: string }
  | { type: 'openLink'; url: string }
  | { type: 'logout' };

export function isNativeWrapper(): boolean {
  if (typeof window === 'undefined') return false;
  return Boolean(window.ReactNativeWebView) || navigator.userAgent.includes(USER_AGENT_MARKER);
}

/** The phone model the wrapper reports in its user agent ("StabileApp/1.2 (Pixel 8)"), if any. */
export function nativePhoneModel(): string | null {
  const match = /StabileApp\/[\w.]+ \(([^)]+)\)/.exec(navigator.userAgent);
  return match?.[1] ?? null;
}

function post(message: NativeMessage): boolean {
  const bridge = window.ReactNativeWebView;
  if (!bridge) return false;
  bridge.postMessage(JSON.stringify(message));
  return true;
}

/** Downloads a file: the wrapper saves it with the phone's tools; the browser uses a temporary link. */
export function downloadFile(url: string, fileName: string): void {
  if (post({ type: 'download', url, fileName })) return;
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Opens an external link: in the wrapper through the phone's browser, else in a new tab. */
export function openExternalLink(url: string): void {
  if (post({ type: 'openLink', url })) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Tells the wrapper that the user logged out, so it forgets its own copy of the session. */
export function notifyNativeLogout(): void {
  post({ type: 'logout' });
}
