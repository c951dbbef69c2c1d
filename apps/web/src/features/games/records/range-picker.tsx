import { useGamesTranslation } from '../use-games-translation';
import { type DayRange, type RangePreset, rangeOfPreset, rangePresets } from './date-ranges';
import styles from './records.module.css';

export interface RangePickerProps {
  range: DayRange;
  today: string;
  onChange: (range: DayRange) => void;
}

export const presetLabelKeys: Readonly<Record<RangePreset, string>> = {
  today: 'record_today',
  yesterday: 'record_yesterday',
  last7: 'record_last7',
  last30: 'record_last30',
};

/** The records' date range: today, yesterday, the past 7 and 30 days, or two days of the member's choice. */
export const RangePicker = ({ range, today, onChange }: RangePickerProps) => {
  const { t } = useGamesTranslation();
  return (
    <div className={styles.range}>
      <fieldset className={styles.presets} aria-label={t('record_range')}>
        {rangePresets.map((preset) => {
          const presetRange = rangeOfPreset(preset, today);
          const isActive = presetRange.startDate === range.startDate && presetRange.endDate === range.endDate;
          return (
            <button
              key={preset}
              type="button"
              className={styles.preset}
              aria-pressed={isActive}
              data-range={preset}
              onClick={() => onChange(presetRange)}
            >
              {t(presetLabelKeys[preset])}
            </button>
          );
        })}
      </fieldset>
      <div className={styles.dates}>
        <label className={styles.dateField}>
          <span>{t('record_start_date')}</span>
          <input
            type="date"
            value={range.startDate}
            max={today}
            onChange={(event) => onChange({ ...range, startDate: event.target.value })}
            data-start-date=""
          />
        </label>
        <label className={styles.dateField}>
          <span>{t('record_end_date')}</span>
          <input
            type="date"
            value={range.endDate}
            max={today}
            onChange={(event) => onChange({ ...range, endDate: event.target.value })}
            data-end-date=""
          />
        </label>
      </div>
    </div>
  );
};
