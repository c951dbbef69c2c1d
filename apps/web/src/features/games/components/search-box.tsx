import { useEffect, useState } from 'react';
import { CloseIcon, SearchIcon } from '../../../shared/ui/icons/icons';
import { SEARCH_DEBOUNCE_MS } from '../lobby/lobby-rules';
import { useGamesTranslation } from '../use-games-translation';
import styles from './search-box.module.css';

export interface SearchBoxProps {
  value: string;
  /** Called with the trimmed text, once typing pauses (or at once on Enter or clear). */
  onSearch: (text: string) => void;
}

/** The lobby's game search box (spec section 2): trimmed text, asked for once typing pauses. */
export const SearchBox = ({ value, onSearch }: SearchBoxProps) => {
  const { t } = useGamesTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = window.setTimeout(() => onSearch(trimmed), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <search className={styles.search}>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(text.trim());
        }}
      >
        <SearchIcon aria-hidden="true" className={styles.icon} />
        <input
          type="search"
          className={styles.input}
          value={text}
          maxLength={100}
          placeholder={t('game_search_placeholder')}
          aria-label={t('game_search')}
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
          data-game-search=""
        />
        {text ? (
          <button
            type="button"
            className={styles.clear}
            aria-label={t('game_search_clear')}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            <CloseIcon />
          </button>
        ) : null}
      </form>
    </search>
  );
};
