import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePauseUnseen } from '../../../shared/hooks/use-pause-unseen';
import { useShellStore } from '../../../shared/state/shell-store';
import { BellIcon } from '../../../shared/ui/icons/icons';
import { useAnnouncements, useAnnouncementsOrEmpty } from '../api/announcements';
import styles from './notice-ticker.module.css';

/** The scrolling notice ticker of the home lobby: clicking a notice opens the notice modal at it. */
export const NoticeTicker = () => {
  const { t } = useTranslation();
  const isPending = useAnnouncements().isPending;
  const notices = useAnnouncementsOrEmpty().player;
  const openNotice = useShellStore((state) => state.openNotice);
  const [section, setSection] = useState<HTMLElement | null>(null);
  usePauseUnseen(section);
  // Its place is held until the notices arrive, so nothing below it moves when they do.
  if (notices.length === 0) return isPending ? <div className={styles.ticker} aria-hidden="true" /> : null;
  // Roughly 80 px a second whatever the amount of text.
  const seconds = Math.max(20, notices.reduce((sum, notice) => sum + notice.title.length, 0) / 6);
  const items = (isCopy: boolean) =>
    notices.map((notice, index) => (
      <li key={`${notice.id}-${isCopy ? 'copy' : 'main'}`} aria-hidden={isCopy || undefined}>
        <button
          type="button"
          className={styles.item}
          tabIndex={isCopy ? -1 : undefined}
          onClick={() => openNotice(index)}
          data-ticker-item={isCopy ? undefined : index}
        >
          <span dir="auto">{notice.title}</span>
        </button>
      </li>
    ));
  return (
    <section ref={setSection} className={styles.ticker} aria-label={t('notice_ticker')} data-ticker="">
      <span className={styles.icon}>
        <BellIcon />
      </span>
      <div className={styles.viewport}>
        <ul className={styles.track} style={{ animationDuration: `${seconds}s` }} data-ticker-track="">
          {items(false)}
          {items(true)}
        </ul>
      </div>
    </section>
  );
};
