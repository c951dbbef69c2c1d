import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellStore } from '../../../shared/state/shell-store';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Pager } from '../../../shared/ui/pager/pager';
import { pageOf, pageOfIndex } from '../../../shared/ui/pager/paging';
import { useAnnouncementsOrEmpty } from '../api/announcements';
import { useFormatDateTime } from '../format-date';
import styles from './announcement-list.module.css';

/** Spec section 9: the notice modal shows 8 notices a page. */
export const NOTICE_PAGE_SIZE = 8;

export interface NoticeDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The notice modal (spec section 2): every ticker notice, 8 a page, opened at the notice that was clicked. */
export const NoticeDialog = ({ isOpen, onClose }: NoticeDialogProps) => {
  const { t } = useTranslation();
  const notices = useAnnouncementsOrEmpty().player;
  const noticeIndex = useShellStore((state) => state.noticeIndex);
  const formatDateTime = useFormatDateTime();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    setPage(pageOfIndex(noticeIndex, NOTICE_PAGE_SIZE));
    setOpenId(notices[noticeIndex]?.id ?? null);
  }, [isOpen, noticeIndex, notices]);

  const { items, totalPages } = pageOf(notices, page, NOTICE_PAGE_SIZE);
  return (
    <Dialog name="notice" isOpen={isOpen} onClose={onClose} title={t('notice_title')} size="lg">
      {notices.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <ul className={styles.list}>
            {items.map((notice) => {
              const isExpanded = notice.id === openId;
              return (
                <li
                  key={notice.id}
                  className={styles.entry}
                  data-notice={notice.id}
                  data-expanded={isExpanded || undefined}
                >
                  <button
                    type="button"
                    className={styles.heading}
                    aria-expanded={isExpanded}
                    onClick={() => setOpenId(isExpanded ? null : notice.id)}
                  >
                    <span className={styles.title} dir="auto">
                      {notice.title}
                    </span>
                    <time className={styles.date} dateTime={new Date(notice.startDate).toISOString()}>
                      {formatDateTime(notice.startDate)}
                    </time>
                  </button>
                  {isExpanded ? (
                    <p className={styles.content} dir="auto">
                      {notice.content}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
          <Pager pageNo={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
    </Dialog>
  );
};
