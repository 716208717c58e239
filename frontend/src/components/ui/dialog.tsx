import { Dialog as ModalDialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useRef, useState, type ReactNode } from 'react';
import styles from './dialog.module.css';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `data-testid` of the dialog element (browser tests). */
  testId?: string;
  /** A reading dialog (a long text): wider than a question's. */
  wide?: boolean;
};

const FIELDS = 'textarea, input, select';
const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (Headless UI): labelled by its title, focus moves in and stays inside, the
 * page behind is inert and does not scroll, Escape or a click outside closes it, and focus
 * returns where it was. It is open while rendered: the caller mounts it to open it.
 */
export function Dialog({ title, onClose, children, testId, wide = false }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  // Read by Headless UI once the panel is shown: the first field, else the first button.
  const [initialFocus] = useState(() => ({
    get current() {
      return panel.current?.querySelector<HTMLElement>(FIELDS) ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
    },
  }));
  return (
    <ModalDialog open onClose={onClose} initialFocus={initialFocus} className={styles.backdrop} data-testid={testId}>
      <DialogPanel ref={panel} className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog}>
        <DialogTitle as="h2">{title}</DialogTitle>
        {children}
      </DialogPanel>
    </ModalDialog>
  );
}

/** The button row at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
