import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * Unsaved changes inside the entity drawer: each editor that holds changes reports them here, and the
 * drawer asks before it closes (Escape, the close button, a click outside) and discards them.
 */
const dirtyEditors = new Set<string>();

/** Reports that this editor of the open drawer holds changes not yet saved. */
export function useDrawerUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyEditors.add(id);
    return () => {
      dirtyEditors.delete(id);
    };
  }, [dirty, id]);
}

export function drawerHasUnsavedChanges(): boolean {
  return dirtyEditors.size > 0;
}

export interface DiscardChangesModalProps {
  opened: boolean;
  /** Back to the form as it was. */
  onKeep: () => void;
  /** Close and lose the changes. */
  onDiscard: () => void;
}

export interface LeaveConfirmationProps {
  opened: boolean;
  title: string;
  text: string;
  keepLabel: string;
  leaveLabel: string;
  /** Stay (the default, also on Escape). */
  onKeep: () => void;
  onLeave: () => void;
}

/**
 * A confirmation fades in where it stays: Mantine's default entrance slides a modal 30 px down, and a
 * quick press on a button that moves away before the release is no click at all (the press lands on
 * the button, the release above it), so "Esci senza salvare" pressed as it appears did nothing.
 */
const STILL_ENTRANCE = { transition: 'fade', duration: 150 } as const;

/** Asks before leaving something unfinished: stay (focused, also on Escape) or leave. */
export function LeaveConfirmation({
  opened,
  title,
  text,
  keepLabel,
  leaveLabel,
  onKeep,
  onLeave,
}: LeaveConfirmationProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onKeep}
      title={title}
      centered
      zIndex={400}
      transitionProps={STILL_ENTRANCE}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Text mb="md">{text}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {keepLabel}
        </Button>
        <Button color="red" onClick={onLeave}>
          {leaveLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/** "Modifiche non salvate": continue editing (the default, also on Escape) or leave without saving. */
export function DiscardChangesModal({ opened, onKeep, onDiscard }: DiscardChangesModalProps) {
  const { t } = useTranslation('common');
  return (
    <LeaveConfirmation
      opened={opened}
      title={t('discardTitle')}
      text={t('discardText')}
      keepLabel={t('discardKeep')}
      leaveLabel={t('discardConfirm')}
      onKeep={onKeep}
      onLeave={onDiscard}
    />
  );
}

/**
 * Closing that asks first when there are unsaved changes: `requestClose` closes at once when
 * `isDirty()` is false, otherwise shows `confirmation` (render it next to the modal or drawer).
 */
export function useGuardedClose(isDirty: () => boolean, close: () => void) {
  const [asking, setAsking] = useState(false);
  // The modal mounts the first time it is asked for (a closed Mantine modal still mounts its portal,
  // in every form and drawer that can be closed), then stays to play its closing transition.
  const [asked, setAsked] = useState(false);
  if (asking && !asked) setAsked(true);
  const requestClose = () => {
    if (isDirty()) setAsking(true);
    else close();
  };
  const confirmation =
    asking || asked ? (
      <DiscardChangesModal
        opened={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          close();
        }}
      />
    ) : null;
  return { requestClose, confirmation, asking };
}
