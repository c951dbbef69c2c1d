import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { SelectField } from '../../../shared/ui/form/select-field';
import { TextField } from '../../../shared/ui/form/text-field';
import styles from './agents.module.css';
import { CSV_MAX_PAGES, CSV_PAGE_SIZE, type CsvColumn, collectPages, downloadCsv, toCsv } from './csv-export';

/** An account search of the downline: the text applies on submit, and the page goes back to the first. */
export const useAccountSearch = () => {
  const [draft, setDraft] = useState('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  return { draft, setDraft, account, setAccount, pageNo, setPageNo };
};
export type AccountSearch = ReturnType<typeof useAccountSearch>;

/** The search form of a team list, with an optional select beside it (game category, kind, status). */
export const TeamSearch = ({ search, id, children }: { search: AccountSearch; id: string; children?: ReactNode }) => {
  const { t } = useTranslation('agents');
  return (
    <form
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        search.setAccount(search.draft.trim());
        search.setPageNo(1);
      }}
    >
      <TextField
        id={`${id}-account`}
        label={t('agent_search_account')}
        value={search.draft}
        maxLength={32}
        onChange={(event) => search.setDraft(event.target.value)}
      />
      {children}
      <Button type="submit">{t('agent_search')}</Button>
    </form>
  );
};

/** A select of a list's filter with an "All" first. */
export const FilterSelect = ({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) => {
  const { t } = useTranslation('agents');
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      options={[{ value: '', label: t('agent_all') }, ...options]}
      onChange={(event) => onChange(event.target.value)}
    />
  );
};

/**
 * Exports a list as CSV: every page of the same endpoint under the same filters (decision 0073), at most
 * CSV_MAX_PAGES pages; says so when the file was cut.
 */
export const ExportCsvButton = <Row,>({
  fileName,
  columns,
  fetchPage,
}: {
  fileName: string;
  columns: readonly CsvColumn<Row>[];
  fetchPage: (pageNo: number, pageSize: number) => Promise<{ list: readonly Row[]; totalPages: number }>;
}) => {
  const { t } = useTranslation('agents');
  const [state, setState] = useState<'idle' | 'busy' | 'truncated' | 'failed'>('idle');
  const run = async () => {
    setState('busy');
    try {
      const { rows, truncated } = await collectPages(fetchPage);
      downloadCsv(fileName, toCsv(columns, rows));
      setState(truncated ? 'truncated' : 'idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className={styles.exportRow}>
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={state === 'busy'} data-export-csv="">
        {state === 'busy' ? t('agent_exporting') : t('agent_export_csv')}
      </Button>
      {state === 'truncated' ? (
        <span className={styles.muted}>
          {t('agent_export_truncated', { rows: (CSV_MAX_PAGES * CSV_PAGE_SIZE).toLocaleString() })}
        </span>
      ) : null}
      {state === 'failed' ? <span className={styles.muted}>{t('agent_export_failed')}</span> : null}
    </div>
  );
};
