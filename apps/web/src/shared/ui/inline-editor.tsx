import { Button, Group, Stack, Textarea } from '@mantine/core';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal, useDrawerUnsavedChanges } from './unsaved-changes.tsx';

export interface InlineEditorProps {
  label: string;
  initial: string;
  saving?: boolean;
  minRows?: number;
  maxLength?: number;
  onSave: (text: string) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A text edited in place (an activity's description, a note). Escape closes the editor, not the
 * drawer around it: at once when nothing changed, after asking when something did. Its changes count
 * as unsaved for the drawer, which asks before closing.
 */
export function InlineEditor({
  label,
  initial,
  saving,
  minRows = 3,
  maxLength,
  onSave,
  onCancel,
}: InlineEditorProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(initial);
  const [asking, setAsking] = useState(false);
  const dirty = text !== initial;
  useDrawerUnsavedChanges(dirty);

  const cancel = () => (dirty ? setAsking(true) : onCancel());
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    cancel();
  };

  return (
    <Stack gap="xs">
      <Textarea
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        data-mantine-stop-propagation="true"
        autosize
        minRows={minRows}
        maxLength={maxLength}
        data-autofocus
      />
      <Group gap="xs" justify="flex-end">
        <Button size="xs" variant="default" onClick={cancel}>
          {t('cancel')}
        </Button>
        <Button size="xs" loading={saving} disabled={!text.trim()} onClick={() => void onSave(text)}>
          {t('save')}
        </Button>
      </Group>
      <DiscardChangesModal
        opened={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          onCancel();
        }}
      />
    </Stack>
  );
}
