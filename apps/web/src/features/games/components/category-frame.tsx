import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type GameType, usePublicStore } from '../../../shared/state/public-store';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { GamepadIcon } from '../../../shared/ui/icons/icons';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { gameTypeLabelKeys } from '../game-types';
import styles from './category-frame.module.css';

export interface CategoryFrameProps {
  gameType: GameType;
  /** The active filters, shown above the list. */
  filters?: ReactNode;
}

/**
 * A game category's page: its title, its filters, and its game grid. The catalogue arrives with the games
 * issue; until a category has games the grid is the platform's empty 'no data' state.
 */
export const CategoryFrame = ({ gameType, filters }: CategoryFrameProps) => {
  const { t } = useTranslation();
  const setCurrentGameType = usePublicStore((state) => state.setCurrentGameType);
  useEffect(() => {
    setCurrentGameType(gameType);
  }, [gameType, setCurrentGameType]);
  return (
    <PageFrame title={t(gameTypeLabelKeys[gameType])} eyebrow={t('in_game_center')} icon={<GamepadIcon />}>
      {filters ? <div className={styles.filters}>{filters}</div> : null}
      <EmptyState />
    </PageFrame>
  );
};

export interface FilterChipProps {
  label: string;
  value: string;
}

/** One active filter, e.g. the provider (vassalage) the page was opened with. */
export const FilterChip = ({ label, value }: FilterChipProps) => (
  <span className={styles.chip}>
    <span className={styles.chipLabel}>{label}</span>
    <span className={styles.chipValue}>{value}</span>
  </span>
);
