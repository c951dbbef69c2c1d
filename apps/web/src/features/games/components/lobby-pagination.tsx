import { isPaginationShown, pageItemsOf } from '../lobby/pagination';
import { useGamesTranslation } from '../use-games-translation';
import styles from './lobby-pagination.module.css';

export interface LobbyPaginationProps {
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
}

/** The lobby's pagination (margin 2, range 5), shown only with more than one page. */
export const LobbyPagination = ({ pageNo, totalPages, onPage }: LobbyPaginationProps) => {
  const { t } = useGamesTranslation();
  if (!isPaginationShown(totalPages)) return null;
  const items = pageItemsOf(pageNo, totalPages);
  return (
    <nav className={styles.pagination} aria-label={t('game_pages')} data-pagination="">
      <button
        type="button"
        className={styles.step}
        disabled={pageNo <= 1}
        aria-label={t('game_page_previous')}
        onClick={() => onPage(pageNo - 1)}
      >
        <span aria-hidden="true" className={styles.arrow}>
          ‹
        </span>
      </button>
      {items.map((item, index) =>
        item === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
          <span key={`gap-${index}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={styles.page}
            aria-current={item === pageNo ? 'page' : undefined}
            aria-label={t('game_page_number', { page: item })}
            onClick={() => onPage(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={styles.step}
        disabled={pageNo >= totalPages}
        aria-label={t('game_page_next')}
        onClick={() => onPage(pageNo + 1)}
      >
        <span aria-hidden="true" className={styles.arrow}>
          ›
        </span>
      </button>
    </nav>
  );
};
