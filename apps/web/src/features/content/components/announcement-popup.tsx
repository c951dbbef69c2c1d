import type { PopupAnnouncement } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { Pager } from '../../../shared/ui/pager/pager';
import { pageOf } from '../../../shared/ui/pager/paging';
import { useFormatDateTime } from '../format-date';
import { POPUP_PAGE_SIZE } from '../popup-rules';
import styles from './announcement-list.module.css';

export interface AnnouncementPopupProps {
  popups: readonly PopupAnnouncement[];
  onClose: () => void;
  /** The go-to-promotion button: the reward centre for a member, the login popup for a visitor. */
  onGo: () => void;
}

/**
 * The announcement popup (spec sections 2 and 4), shown by AnnouncementPopupGate: 7 a page; an announcement
 * with a promotion type offers a button to the reward centre.
 */
export const AnnouncementPopup = ({ popups, onClose, onGo }: AnnouncementPopupProps) => {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const { items, totalPages } = pageOf(popups, page, POPUP_PAGE_SIZE);
  return (
    <Dialog name="announcement" isOpen onClose={onClose} title={t('announcement_title')} size="lg">
      <ul className={styles.list}>
        {items.map((popup) => (
          <li key={popup.id} className={styles.entry} data-announcement={popup.id} data-expanded="">
            <div className={styles.heading}>
              <h3 className={styles.title} dir="auto">
                {popup.title}
              </h3>
              <time className={styles.date} dateTime={new Date(popup.startDate).toISOString()}>
                {formatDateTime(popup.startDate)}
              </time>
            </div>
            <p className={styles.content} dir="auto">
              {popup.content}
            </p>
            {popup.promotionType ? (
              <Button size="sm" className={styles.go} onClick={onGo}>
                {t('go_promo')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Pager pageNo={page} totalPages={totalPages} onChange={setPage} />
    </Dialog>
  );
};
