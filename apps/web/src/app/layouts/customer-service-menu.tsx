import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../features/system/api/get-system-status';
import { customerServiceLinksOf, openCustomerService } from '../../features/system/customer-service';
import { ChevronDownIcon, HeadsetIcon } from '../../shared/ui/icons/icons';
import styles from './customer-service-menu.module.css';

/** The header's customer-service dropdown; absent when the merchant lists no customer service. */
export const CustomerServiceMenu = () => {
  const { t } = useTranslation();
  const links = customerServiceLinksOf(useSiteConfig().info.customerService);
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

  if (links.length === 0) return null;
  const handleToggle = () => setOpen((open) => !open);

  return (
    <div className={styles.menu} ref={rootRef}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={handleToggle}
      >
        <HeadsetIcon />
        <span className={styles.triggerText}>{t('in_customer_service')}</span>
        <ChevronDownIcon className={styles.chevron} />
      </button>
      {isOpen ? (
        <ul id={listId} className={styles.list}>
          {links.map((link) => (
            <li key={`${link.csType}-${link.title}`}>
              <button
                type="button"
                className={styles.item}
                onClick={() => {
                  openCustomerService(link);
                  setOpen(false);
                }}
              >
                {link.title}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};
