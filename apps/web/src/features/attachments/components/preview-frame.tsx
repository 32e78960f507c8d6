import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PreviewFrameProps {
  /** The signed link, or null when it could not be obtained. */
  link: string | null;
  title: string;
  height: string;
  onClose: () => void;
}

/**
 * The embedded frame of a signed link (PDF, image, text). A failed link answers with the API's JSON
 * error: the frame then shows the spec's message with a close button.
 */
export function PreviewFrame({ link, title, height, onClose }: PreviewFrameProps) {
  const { t } = useTranslation(['attachments', 'errors']);
  const [failed, setFailed] = useState(false);

  const checkLoaded = (frame: HTMLIFrameElement) => {
    try {
      // A file is served sandboxed (an opaque origin: reading it throws); an error is our JSON.
      const doc = frame.contentDocument;
      if (doc && /json/.test(doc.contentType)) setFailed(true);
    } catch {
      // The sandboxed file itself: nothing to check.
    }
  };

  if (!link || failed) {
    return (
      <Stack align="center" gap="md" py="xl" role="alert">
        <Text ta="center">{t('errors:previewError')}</Text>
        <Button onClick={onClose}>{t('attachments:closePreview')}</Button>
      </Stack>
    );
  }
  return (
    <iframe
      title={title}
      src={link}
      onLoad={(event) => checkLoaded(event.currentTarget)}
      onError={() => setFailed(true)}
      style={{ border: 0, width: '100%', height, display: 'block', background: 'white' }}
    />
  );
}
