import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '../../../shared/ui/icons/icons';
import type { LobbyClassify, LobbyVendor } from '../game-item';
import type { LobbyFilter } from '../lobby/lobby-rules';
import { useGamesTranslation } from '../use-games-translation';
import styles from './lobby-filters.module.css';

export interface LobbyFiltersProps {
  filter: LobbyFilter;
  vassalage: string;
  vendors: readonly LobbyVendor[];
  onFilter: (filter: LobbyFilter) => void;
  onProvider: (vassalage: string) => void;
}

export const filterLabelKeys: Readonly<Record<LobbyFilter, string>> = {
  ALL: 'in_type_all',
  HOT: 'in_hot_games',
  FAV: 'local_fav',
  RECENT: 'in_recent_game',
};

/** The lobby's filter buttons (all, hot, favourites, recent) and its provider dropdown (All plus provider icons). */
export const LobbyFilters = ({ filter, vassalage, vendors, onFilter, onProvider }: LobbyFiltersProps) => {
  const { t } = useGamesTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  const chosen = vendors.find((vendor) => vendor.vassalage === vassalage);
  const handleProvider = (code: string) => {
    setIsOpen(false);
    onProvider(code);
  };

  return (
    <div className={styles.filters} data-lobby-filters="">
      <div className={styles.segmentsScroll}>
        <fieldset className={styles.segments} aria-label={t('game_filter')}>
          {(['ALL', 'HOT', 'FAV', 'RECENT'] as const).map((item) => (
            <button
              key={item}
              type="button"
              className={styles.segment}
              aria-pressed={filter === item && (item !== 'ALL' || vassalage === '')}
              onClick={() => onFilter(item)}
            >
              {t(filterLabelKeys[item])}
            </button>
          ))}
        </fieldset>
      </div>
      {vendors.length > 0 ? (
        <div className={styles.provider} ref={rootRef}>
          <button
            type="button"
            className={styles.providerButton}
            aria-expanded={isOpen}
            aria-controls={panelId}
            data-provider-button=""
            onClick={() => setIsOpen((open) => !open)}
          >
            <span className={styles.providerLabel}>{t('in_provider')}</span>
            <span className={styles.providerValue}>{chosen?.displayName ?? t('in_type_all')}</span>
            <ChevronDownIcon aria-hidden="true" />
          </button>
          {isOpen ? (
            <div id={panelId} className={styles.panel} data-provider-panel="">
              <button
                type="button"
                className={styles.vendor}
                aria-pressed={vassalage === ''}
                onClick={() => handleProvider('')}
              >
                <span className={styles.vendorAll}>{t('in_type_all')}</span>
              </button>
              {vendors.map((vendor) => (
                <button
                  key={vendor.vassalage}
                  type="button"
                  className={styles.vendor}
                  aria-pressed={vassalage === vendor.vassalage}
                  data-vendor={vendor.vassalage}
                  onClick={() => handleProvider(vendor.vassalage)}
                >
                  {vendor.logoUrl ? <img src={vendor.logoUrl} alt="" loading="lazy" className={styles.logo} /> : null}
                  <span className={styles.vendorName} dir="auto">
                    {vendor.displayName}
                  </span>
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
};

export interface ClassifyMenuProps {
  classifications: readonly LobbyClassify[];
  gameClassify: string;
  onClassify: (key: string) => void;
}

/** The classification menu: All, then each classification of the category. */
export const ClassifyMenu = ({ classifications, gameClassify, onClassify }: ClassifyMenuProps) => {
  const { t } = useGamesTranslation();
  return (
    <div className={styles.classifyScroll}>
      <fieldset className={styles.classify} aria-label={t('game_classify')} data-classify-menu="">
        <button
          type="button"
          className={styles.chip}
          aria-pressed={gameClassify === 'ALL'}
          onClick={() => onClassify('ALL')}
        >
          {t('in_type_all')}
        </button>
        {classifications.map((item) => (
          <button
            key={item.key}
            type="button"
            className={styles.chip}
            aria-pressed={gameClassify === item.key}
            data-classify={item.key}
            onClick={() => onClassify(item.key)}
          >
            {item.displayName}
          </button>
        ))}
      </fieldset>
    </div>
  );
};
