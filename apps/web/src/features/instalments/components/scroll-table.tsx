import type { ReactNode } from 'react';

export interface ScrollTableProps {
  /** The accessible name of the region (the table's). */
  label: string;
  minWidth: number;
  children: ReactNode;
}

/** A table that scrolls sideways on a phone; the region can take the focus to be scrolled by keyboard. */
export function ScrollTable({ label, minWidth, children }: ScrollTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </section>
  );
}
