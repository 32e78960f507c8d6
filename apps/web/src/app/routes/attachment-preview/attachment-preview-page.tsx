import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** /attachmentPreview?link=...: the attachment in a frame (used by links opened in a new tab). */
export function AttachmentPreviewPage() {
  const { t } = useTranslation(['attachments', 'errors', 'common']);
  const [params] = useSearchParams();
  const link = params.get('link');
  const [failed, setFailed] = useState(false);
  const safe = link && /^(https?:)?\/\//.test(link) ? link : link?.startsWith('/') ? link : null;

  if (!safe || failed) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="md">
          <Title order={1} fz="h3">
            {t('attachments:previewTitle')}
          </Title>
          <Text>{t('errors:previewError')}</Text>
          <Button onClick={() => window.close()}>{t('attachments:closePreview')}</Button>
        </Stack>
      </Center>
    );
  }
  return (
    <iframe
      title={t('attachments:previewTitle')}
      src={safe}
      onError={() => setFailed(true)}
      style={{ border: 0, width: '100%', height: '100dvh', display: 'block' }}
    />
  );
}
