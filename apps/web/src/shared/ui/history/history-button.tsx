import { ActionIcon, Modal, Tooltip } from '@mantine/core';
import type { HistoryKind } from '@stabile/contract';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordHistory } from './record-history.tsx';

export interface HistoryButtonProps {
  kind: HistoryKind;
  id: number;
  /** What the record is called in its list (a file's name, an instalment's description). */
  name: string;
}

/** For records listed inside a drawer (attachments, instalments): their history in a modal. */
export function HistoryButton({ kind, id, name }: HistoryButtonProps) {
  const { t } = useTranslation('history');
  const [opened, setOpened] = useState(false);
  const label = t('openRecord', { name });
  return (
    <>
      <Tooltip label={t('tab')}>
        <ActionIcon variant="subtle" aria-label={label} onClick={() => setOpened(true)}>
          <IconHistory size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={label} size="lg">
        {opened && <RecordHistory kind={kind} id={id} />}
      </Modal>
    </>
  );
}
