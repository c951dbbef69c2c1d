import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value';
import { Button } from '../../../shared/ui/button';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { SearchIcon } from '../../../shared/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useMemberSearch } from '../api/list-members';
import { checkMemberQuery, MEMBER_SEARCH_LIMIT, memberQueryOf } from '../lib/member-query';
import styles from './member-search.module.css';
import { MemberTable } from './member-table';

/** How long typing must pause before the search runs by itself. */
const TYPING_PAUSE_MS = 350;

export interface MemberSearchProps {
  /** The search in the page URL (`?q=`): back from a member returns to the same results. */
  query: string;
  onQueryChange: (query: string) => void;
}

/** Finds members as the operator types (after a pause) or at once on Enter. */
export const MemberSearch = ({ query, onQueryChange }: MemberSearchProps) => {
  const { t } = useTranslation();
  const inputId = useId();
  const [draft, setDraft] = useState(query);
  const [isSubmitted, setSubmitted] = useState(false);
  const [seenQuery, setSeenQuery] = useState(query);
  const settledDraft = useDebouncedValue(draft, TYPING_PAUSE_MS);

  // The URL changed from outside (the navigation link, history): the box follows it.
  if (query !== seenQuery) {
    setSeenQuery(query);
    if (query !== (memberQueryOf(draft) ?? '')) setDraft(query);
  }

  // Once typing pauses, the URL follows the box: a searchable text, or nothing.
  useEffect(() => {
    if (settledDraft !== draft) return;
    const next = memberQueryOf(settledDraft) ?? '';
    if (next !== query) onQueryChange(next);
  }, [settledDraft, draft, query, onQueryChange]);

  const active = memberQueryOf(query);
  const search = useMemberSearch(active);
  const check = checkMemberQuery(draft);
  const showError = isSubmitted && check.kind === 'invalid';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (check.kind === 'valid') {
      if (check.q === query) void search.refetch();
      else onQueryChange(check.q);
    }
  };

  return (
    <div className={styles.search}>
      <search>
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          <label className={styles.label} htmlFor={inputId}>
            {t('members.searchLabel')}
          </label>
          <div className={styles.row}>
            <div className={styles.inputWrap}>
              <SearchIcon className={styles.inputIcon} />
              <input
                id={inputId}
                type="search"
                name="q"
                value={draft}
                maxLength={64}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('members.searchPlaceholder')}
                aria-invalid={showError || undefined}
                aria-describedby={`${inputId}-hint${showError ? ` ${inputId}-error` : ''}`}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setSubmitted(false);
                }}
              />
            </div>
            <Button type="submit" variant="primary" isBusy={search.isFetching}>
              {t('members.search')}
            </Button>
          </div>
          <p className={styles.hint} id={`${inputId}-hint`}>
            {t('members.searchHint')}
          </p>
          {showError ? (
            <FieldErrorText error={{ message: check.error.code, types: check.error.params }} id={`${inputId}-error`} />
          ) : null}
        </form>
      </search>

      {active === null ? <EmptyState message={t('members.searchPrompt')} /> : null}
      {active !== null && search.isPending ? <LoadingState /> : null}
      {active !== null && search.isError ? (
        <ErrorState error={search.error} onRetry={() => void search.refetch()} />
      ) : null}
      {active !== null && search.data ? (
        <>
          <p className={styles.summary} aria-live="polite" data-testid="member-search-summary">
            {search.isPlaceholderData
              ? t('members.searching')
              : search.data.length === 0
                ? t('members.noMatch', { q: active })
                : search.data.length >= MEMBER_SEARCH_LIMIT
                  ? t('members.limitReached', { count: MEMBER_SEARCH_LIMIT })
                  : t('members.found', { count: search.data.length })}
          </p>
          {search.data.length > 0 ? <MemberTable members={search.data} isStale={search.isPlaceholderData} /> : null}
        </>
      ) : null}
    </div>
  );
};
