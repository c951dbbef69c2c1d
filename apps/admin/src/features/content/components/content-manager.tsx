import { type ContentKind, contentKinds, isLanguageCode, languages } from '@tessera/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { PlusIcon } from '../../../shared/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Tabs } from '../../../shared/ui/tabs';
import { useContentList } from '../api/list-content';
import { nextSortOrder } from '../lib/content-values';
import styles from './content.module.css';
import { ContentEditor } from './content-editor';
import { ContentList } from './content-list';
import type { ThemeOverrides } from './content-preview';

export interface ContentManagerProps {
  code: string;
  merchantName: string;
  /** The merchant's site languages; content is written per language. */
  supportedLanguages: readonly string[];
  defaultLanguage: string;
  timeZone: string;
  themeTokens: ThemeOverrides;
}

const isContentKind = (value: string | null): value is ContentKind =>
  value !== null && (contentKinds as readonly string[]).includes(value);

/**
 * A merchant's site content: one language and one kind at a time, the list or the editor beside its preview.
 * Language, kind and the item being edited live in the address (`?lang=&kind=&item=`), so reload and Back work.
 */
export const ContentManager = ({
  code,
  merchantName,
  supportedLanguages,
  defaultLanguage,
  timeZone,
  themeTokens,
}: ContentManagerProps) => {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('lang');
  const language = asked && supportedLanguages.includes(asked) ? asked : defaultLanguage;
  const askedKind = searchParams.get('kind');
  const kind: ContentKind = isContentKind(askedKind) ? askedKind : 'banner';
  const editing = searchParams.get('item');
  const list = useContentList(code, language, kind);

  // biome-ignore lint/correctness/useExhaustiveDependencies: names follow the interface language
  const languageNames = useMemo(() => {
    const display = new Intl.DisplayNames([currentLocale()], { type: 'language', fallback: 'code' });
    return Object.fromEntries(
      supportedLanguages.map((code) => [
        code,
        isLanguageCode(code) ? (display.of(languages[code].locale) ?? code) : code,
      ]),
    );
  }, [supportedLanguages, i18n.language]);

  const go = (next: { lang?: string; kind?: ContentKind; item?: string | null }) => {
    const params = new URLSearchParams({ lang: next.lang ?? language, kind: next.kind ?? kind });
    const item = next.item === undefined ? null : next.item;
    if (item) params.set('item', item);
    setSearchParams(params);
  };

  // One footer text per language: a second is refused, so it is edited instead.
  const canAdd = kind !== 'footer' || (list.data?.length ?? 0) === 0;

  const renderEditor = () => {
    if (list.isPending) return <LoadingState />;
    if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
    const item = editing === 'new' ? null : (list.data.find((entry) => entry.id === editing) ?? undefined);
    if (item === undefined) {
      return (
        <div className={styles.stack}>
          <EmptyState message={t('content.notFound')} />
          <Button onClick={() => go({})}>{t('content.backToList')}</Button>
        </div>
      );
    }
    return (
      <ContentEditor
        key={`${language}:${kind}:${editing}`}
        code={code}
        kind={kind}
        language={language}
        item={item}
        sortOrder={nextSortOrder(list.data)}
        merchantName={merchantName}
        timeZone={timeZone}
        themeTokens={themeTokens}
        onClose={() => go({})}
      />
    );
  };

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <label className={styles.languagePick} htmlFor={`${ids}-language`}>
          <span>{t('content.language')}</span>
          <select
            id={`${ids}-language`}
            value={language}
            onChange={(event) => go({ lang: event.target.value })}
            data-content-language=""
          >
            {supportedLanguages.map((code) => (
              <option key={code} value={code}>
                {`${code} · ${languageNames[code]}${code === defaultLanguage ? ` (${t('content.defaultLanguage')})` : ''}`}
              </option>
            ))}
          </select>
        </label>
        {editing === null && canAdd ? (
          <Button variant="primary" icon={<PlusIcon />} onClick={() => go({ item: 'new' })}>
            {t(`content.new.${kind}`)}
          </Button>
        ) : null}
      </div>
      <Tabs
        label={t('content.kinds')}
        tabs={contentKinds.map((id) => ({ id, label: t(`content.kind.${id}`) }))}
        value={kind}
        onChange={(next) => go({ kind: next })}
      />
      <div role="tabpanel">
        {editing === null ? (
          <ContentList
            code={code}
            language={language}
            kind={kind}
            timeZone={timeZone}
            onEdit={(id) => go({ item: id })}
          />
        ) : (
          renderEditor()
        )}
      </div>
      {editing === null && kind === 'footer' && !canAdd ? (
        <p className={styles.hint}>{t('content.oneFooter')}</p>
      ) : null}
    </div>
  );
};
