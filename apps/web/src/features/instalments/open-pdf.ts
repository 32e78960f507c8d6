import { downloadFile, isNativeWrapper } from '../../shared/native/native-bridge.ts';

/**
 * Shows a PDF made by the API: in the browser in a new tab (opened at the click, so no popup
 * blocker stops it, and pointed at the file once it is ready), in the native wrapper as a download.
 */
export async function openPdf(make: () => Promise<string | null>, fileName: string): Promise<boolean> {
  const tab = isNativeWrapper() ? null : window.open('', '_blank');
  const url = await make();
  if (!url) {
    tab?.close();
    return false;
  }
  if (tab) tab.location.href = url;
  else downloadFile(url, fileName);
  // The object URL is released once the tab or the download has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
