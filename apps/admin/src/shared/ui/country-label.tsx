import { useTranslation } from 'react-i18next';
import { countryNameOf } from '../i18n/country-name';
import table from './data-table.module.css';

/** A country as "Malaysia (MY)" in the interface language; "Unknown" (muted) when there is none. */
export const CountryLabel = ({ code }: { code: string | null }) => {
  const { t } = useTranslation();
  if (!code) return <span className={table.muted}>{t('members.countryUnknown')}</span>;
  return (
    <span data-country={code}>
      {countryNameOf()(code)} ({code})
    </span>
  );
};
