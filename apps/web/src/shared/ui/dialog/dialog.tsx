import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons/icons';
import styles from './dialog.module.css';
import { clampOffset, type Offset } from './drag-offset';
import { lockPageScroll, unlockPageScroll } from './scroll-lock';

export type DialogSize = 'sm' | 'md' | 'lg';

export interface DialogProps {
  /** Identifies the dialog (data-dialog), e.g. for tests and analytics. */
  name: string;
  isOpen: boolean;
  onClose: () => void;
  title?: string;
  /** The accessible name when there is no visible title. */
  ariaLabel?: string;
  hasCloseButton?: boolean;
  size?: DialogSize;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The reusable dialog of spec section 2 "Modals": a modal <dialog> (focus kept inside, Esc closes), never
 * closed by a click outside, draggable by its header, locking page scroll while open and putting it back on
 * close, fading in after 100 ms. Focus returns to where it was.
 */
export const Dialog = (props: DialogProps) => (props.isOpen ? <OpenDialog {...props} /> : null);

const OpenDialog = ({ name, onClose, title, ariaLabel, hasCloseButton = true, size = 'md', children }: DialogProps) => {
  const { t } = useTranslation('common', { useSuspense: false });
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [offset, setOffset] = useState<Offset>({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(null);
  /** Set as this dialog unmounts: the close that follows is its own, not the browser's. */
  const isUnmounting = useRef(false);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // The control the content marks comes first (the username, the confirm button), else the first focusable.
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog).focus();
    // After focusing, which lays the page out: the lock's measuring then costs nothing, and the layout its pinning
    // needs comes with the next frame instead of a second one inside this task.
    lockPageScroll();
    return () => {
      isUnmounting.current = true;
      if (dialog.open) dialog.close();
      unlockPageScroll();
      returnFocusTo?.focus();
    };
  }, []);

  /** Tab cycles inside the dialog instead of leaving for the browser's own controls. */
  const handleKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = Array.from(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const handleCancel = (event: SyntheticEvent) => {
    // Esc: the page decides, so that state and the open dialog never disagree.
    event.preventDefault();
    onClose();
  };

  /**
   * The browser may close a modal dialog itself, without a cancel event: Chromium skips `cancel` on a repeated Esc
   * with no user activation in between. The page is told as for Esc, so the dialog unmounts and the page scroll
   * lock goes with it; a dialog the page keeps open (no way to close it) is shown again.
   */
  const handleNativeClose = () => {
    if (isUnmounting.current) return;
    onClose();
    setTimeout(() => {
      const dialog = dialogRef.current;
      if (!isUnmounting.current && dialog && !dialog.open) dialog.showModal();
    }, 0);
  };

  const handlePointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest('button')) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, from: offset };
    event.currentTarget.setPointerCapture(event.pointerId);
  };

  const handlePointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const current = drag.current;
    const panel = panelRef.current;
    if (!current || current.pointerId !== event.pointerId || !panel) return;
    const rect = panel.getBoundingClientRect();
    setOffset(
      clampOffset(current.from, event.clientX - current.startX, event.clientY - current.startY, {
        panel: {
          left: rect.left - offset.x,
          top: rect.top - offset.y,
          width: rect.width,
          height: rect.height,
        },
        viewport: { width: window.innerWidth, height: window.innerHeight },
        keepVisible: 48,
      }),
    );
  };

  const handlePointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      data-dialog={name}
      aria-modal="true"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : ariaLabel}
      onCancel={handleCancel}
      onClose={handleNativeClose}
      onKeyDown={handleKeyDown}
    >
      <div
        ref={panelRef}
        className={`${styles.panel} ${styles[size]}`}
        style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
      >
        <header
          className={styles.header}
          data-drag-handle=""
          onPointerDown={handlePointerDown}
          onPointerMove={handlePointerMove}
          onPointerUp={handlePointerUp}
          onPointerCancel={handlePointerUp}
        >
          {title ? (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {hasCloseButton ? (
            <button type="button" className={styles.close} aria-label={t('label_close')} onClick={onClose}>
              <CloseIcon />
            </button>
          ) : null}
        </header>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
};
