import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, isNativeWrapper, openExternalLink } from '../../../shared/native/native-bridge.ts';
import { useAttachmentLinkMutation } from '../attachments-api.ts';
import { absoluteLink } from '../format.ts';

export interface PreviewState {
  name: string;
  /** undefined while loading, null on failure. */
  link: string | null | undefined;
}

/**
 * Preview and download of a file through a short-lived signed link. Inside the native wrapper both
 * go through its bridge: the download is saved by the phone, the preview opens /attachmentPreview in
 * the phone's browser (a WebView frame cannot show a PDF).
 */
export function useAttachmentActions() {
  const { t } = useTranslation(['attachments', 'errors']);
  const [getLink] = useAttachmentLinkMutation();
  const [preview, setPreview] = useState<PreviewState | null>(null);

  const openPreview = async (file: { id: number; nomeFile: string }) => {
    setPreview({ name: file.nomeFile, link: undefined });
    const result = await getLink({ id: file.id, nomeFile: file.nomeFile });
    const link = 'data' in result && result.data ? result.data.link : null;
    if (link && isNativeWrapper()) {
      setPreview(null);
      openExternalLink(absoluteLink(`/attachmentPreview?link=${encodeURIComponent(link)}`));
      return;
    }
    setPreview({ name: file.nomeFile, link });
  };

  const download = async (file: { id: number; nomeFile: string }) => {
    const result = await getLink({ id: file.id, nomeFile: file.nomeFile, download: true });
    if ('data' in result && result.data) downloadFile(absoluteLink(result.data.link), file.nomeFile);
    else notifications.show({ color: 'red', message: t('errors:downloadError') });
  };

  return { preview, openPreview, closePreview: () => setPreview(null), download };
}
