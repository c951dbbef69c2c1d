import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { readSession, writeSession } from '../../../shared/storage/browser-storage';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { Pager } from '../../../shared/ui/pager/pager';
import { pageOf } from '../../../shared/ui/pager/paging';
import { useAnnouncements } from '../api/announcements';
import { useFormatDateTime } from '../format-date';
import { POPUP_PAGE_SIZE, popupClosureKeyOf, popupsFor } from '../popup-rules';
import styles from './announcement-list.module.css';

/**
 * The announcement popup (spec sections 2 and 4): shown once the session's announcements arrive, unless it was
 * closed in this session (per user or anonymously), and never on top of another popup. 7 a page; an
 * announcement with a promotion type offers a button to the reward centre.
 */
export const AnnouncementPopup = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const announcements = useAnnouncements();
  const isLogin = usePublicStore((state) => state.isLogin);
  const firstTimeLogin = usePublicStore((state) => state.firstTimeLogin);
  const activeDialog = useShellStore((state) => state.activeDialog);
  const openDialog = useShellStore((state) => state.openDialog);
  const formatDateTime = useFormatDateTime();
  const closureKey = popupClosureKeyOf(isLogin);
  const [closedKey, setClosedKey] = useState<string | null>(null);
  const [page, setPage] = useState(1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new audience (login, logout) starts on page one.
  useEffect(() => setPage(1), [closureKey]);

  const popups = popupsFor(announcements.data?.popup ?? [], { isLogin, firstTimeLogin });
  const isClosed = closedKey === closureKey || readSession(closureKey) === 'closed';
  const isOpen = announcements.isSuccess && popups.length > 0 && !isClosed && activeDialog === null;

  const close = () => {
    writeSession(closureKey, 'closed');
    setClosedKey(closureKey);
  };
  const handleGo = () => {
    close();
    if (isLogin) navigateQuietly(navigate('/member?page=rewardCenter'));
    else openDialog('login');
  };

  const { items, totalPages } = pageOf(popups, page, POPUP_PAGE_SIZE);
  return (
    <Dialog name="announcement" isOpen={isOpen} onClose={close} title={t('announcement_title')} size="lg">
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
              <Button size="sm" className={styles.go} onClick={handleGo}>
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
