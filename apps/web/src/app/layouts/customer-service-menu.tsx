import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { CustomerServiceItems } from '../../features/system/components/customer-service-items';
import { customerServiceLinksOf } from '../../features/system/customer-service';
import { useShellStore } from '../../shared/state/shell-store';
import { ChevronDownIcon, HeadsetIcon, HelpIcon, UsersIcon } from '../../shared/ui/icons/icons';
import { preloadShellDialog } from '../shell-dialogs';
import styles from './customer-service-menu.module.css';

/**
 * The header's customer-service dropdown (spec section 2 "Header"): the merchant's entries, each opening in the
 * service window, and always the help centre last, which is all it offers when the merchant lists none.
 */
export const CustomerServiceMenu = () => {
  const { t } = useTranslation();
  const links = customerServiceLinksOf(useSiteConfig().info);
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  const handleToggle = () => setOpen((open) => !open);

  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={t('in_customer_service')}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={handleToggle}
      >
        <HeadsetIcon />
        <span className={styles.triggerText}>{t('in_customer_service')}</span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      {isOpen ? (
        <ul id={listId} className={styles.list} data-customer-service-menu="">
          <CustomerServiceItems links={links} className={styles.item} onOpened={() => setOpen(false)} />
          <li className={links.length > 0 ? styles.separated : undefined}>
            <button
              type="button"
              className={styles.item}
              data-chat-room-entry=""
              onPointerEnter={() => preloadShellDialog('chatRoom')}
              onClick={() => {
                setOpen(false);
                useShellStore.getState().openDialog('chatRoom');
              }}
            >
              <UsersIcon />
              <span>{t('chat_room_entry')}</span>
            </button>
          </li>
          <li>
            <Link to="/help" className={styles.item} onClick={() => setOpen(false)}>
              <HelpIcon />
              <span>{t('in_help_center')}</span>
            </Link>
          </li>
        </ul>
      ) : null}
    </div>
  );
};
