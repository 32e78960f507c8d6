import { Modal, type ModalProps } from '@mantine/core';
import type { KeyboardEvent, SyntheticEvent } from 'react';

const STOP = 'data-mantine-stop-propagation';

/** Marks the element so that Mantine's layers below (the entity drawer) leave its Escape alone. */
function mark(event: SyntheticEvent) {
  const target = event.target as HTMLElement | null;
  if (target && typeof target.setAttribute === 'function' && target.getAttribute(STOP) !== 'true') {
    target.setAttribute(STOP, 'true');
  }
}

/**
 * A modal over a drawer where Escape closes only the innermost layer. Every Mantine layer listens
 * to Escape on the window and would close together (the drawer under the modal too), except for an
 * event whose target carries `data-mantine-stop-propagation`: the modal's focused element gets it
 * (again after each key or click, as a select's dropdown resets it), and the modal closes itself —
 * unless a select's dropdown is open, which Escape closes first.
 */
export function LayerModal({ children, onClose, ...props }: ModalProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const target = event.target as HTMLElement;
    if (target.getAttribute('aria-expanded') === 'true') return;
    event.stopPropagation();
    onClose();
  };
  return (
    <Modal
      {...props}
      onClose={onClose}
      closeOnEscape={false}
      onFocusCapture={mark}
      onKeyUpCapture={mark}
      onPointerUpCapture={mark}
      onKeyDown={onKeyDown}
    >
      {children}
    </Modal>
  );
}
