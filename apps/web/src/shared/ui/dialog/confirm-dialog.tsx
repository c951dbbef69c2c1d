import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Dialog } from './dialog';
import styles from './dialog.module.css';

export interface ConfirmDialogProps {
  name: string;
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Without a cancel label the dialog only informs (one button). */
  cancelLabel?: string;
  isBusy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small question or notice with its answer buttons (logout confirmation, the real-account message). */
export const ConfirmDialog = ({
  name,
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  isBusy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) => (
  <Dialog name={name} isOpen={isOpen} onClose={onCancel} title={title} size="sm">
    <div className={styles.message}>{children}</div>
    <div className={styles.buttons}>
      {cancelLabel ? (
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {cancelLabel}
        </Button>
      ) : null}
      <Button onClick={onConfirm} disabled={isBusy} data-autofocus="">
        {confirmLabel}
      </Button>
    </div>
  </Dialog>
);
