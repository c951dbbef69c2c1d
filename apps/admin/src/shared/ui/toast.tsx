import { useEffect } from 'react';
import styles from './toast.module.css';

export interface ToastProps {
  /** The confirmation; null shows nothing. A new text (or the same one again, with a new `id`) restarts the clock. */
  message: { id: number; text: string } | null;
  onDismiss: () => void;
  durationMs?: number;
}

/** A success confirmation that announces itself to screen readers and leaves after `durationMs`. */
export const Toast = ({ message, onDismiss, durationMs = 4000 }: ToastProps) => {
  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(onDismiss, durationMs);
    return () => window.clearTimeout(timer);
  }, [message, onDismiss, durationMs]);
  if (!message) return null;
  return (
    <div className={styles.toast} role="status" aria-live="polite" data-testid="toast">
      {message.text}
    </div>
  );
};
