import { Center, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PreviewFrame } from '../../../features/attachments/components/preview-frame.tsx';
import { isOwnFileLink } from '../../../features/attachments/format.ts';

/**
 * /attachmentPreview?link=...: an attachment's signed link in a frame, for links opened from
 * elsewhere (a new tab, the native wrapper's browser). Only our own signed download links are
 * framed; anything else shows the preview error.
 */
export function AttachmentPreviewPage() {
  const { t } = useTranslation(['attachments', 'errors', 'common']);
  const [params] = useSearchParams();
  const link = params.get('link');
  const own = isOwnFileLink(link) ? link : null;

  if (!own) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="md">
          <Title order={1} fz="h3">
            {t('attachments:previewTitle')}
          </Title>
          <PreviewFrame
            link={null}
            title={t('attachments:previewTitle')}
            height="0"
            onClose={() => window.close()}
          />
        </Stack>
      </Center>
    );
  }
  return (
    <main>
      <Title order={1} className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
        {t('attachments:previewTitle')}
      </Title>
      <PreviewFrame
        link={own}
        title={t('attachments:previewTitle')}
        height="100dvh"
        onClose={() => window.close()}
      />
    </main>
  );
}
