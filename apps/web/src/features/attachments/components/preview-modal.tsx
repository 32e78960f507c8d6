import { Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../shared/hooks.ts';
import { selectIsMobile } from '../../../shared/state/general-slice.ts';
import { PreviewFrame } from './preview-frame.tsx';

export interface PreviewModalProps {
  opened: boolean;
  /** undefined while the link is being fetched, null when it failed. */
  link: string | null | undefined;
  name: string;
  onClose: () => void;
}

/** The 'Anteprima' modal: the attachment in a frame, full screen on a phone. */
export function PreviewModal({ opened, link, name, onClose }: PreviewModalProps) {
  const { t } = useTranslation('attachments');
  const mobile = useAppSelector(selectIsMobile);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      title={t('previewTitle')}
      size="80rem"
      fullScreen={mobile}
      closeButtonProps={{ 'aria-label': t('closePreview') }}
    >
      {link === undefined ? (
        <Loader size="sm" role="status" aria-label={t('loading')} />
      ) : (
        <PreviewFrame
          key={link ?? 'none'}
          link={link}
          title={t('previewOf', { name })}
          height={mobile ? 'calc(100dvh - 90px)' : '75vh'}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
