import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../inhouse.module.css';
import { isSoundOn, setSoundOn } from '../sound';

export type GameTab = 'history' | 'rules' | 'fairness';

const tabLabelKeys: Readonly<Record<GameTab, string>> = {
  history: 'ih_history',
  rules: 'ih_rules',
  fairness: 'ih_fairness',
};

/** A game page's header actions: the sound toggle and the link to the public verifier. */
export const GameHeaderActions = ({ verifyHref }: { verifyHref: string }) => {
  const { t } = useTranslation('inhouse');
  const [sound, setSound] = useState(isSoundOn());
  return (
    <div className={styles.controlsRow}>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={sound}
        onClick={() => {
          setSound(!sound);
          setSoundOn(!sound);
        }}
      >
        {sound ? t('ih_sound_on') : t('ih_sound_off')}
      </button>
      <Link to={verifyHref} className={styles.link}>
        {t('ih_verifier')}
      </Link>
    </div>
  );
};

/** The tabs under a game: the member's bets, the rules, the fairness panel. */
export const GameTabs = ({
  tabs,
  selected,
  onSelect,
}: {
  tabs: readonly GameTab[];
  selected: GameTab;
  onSelect: (tab: GameTab) => void;
}) => {
  const { t } = useTranslation('inhouse');
  return (
    <div className={styles.tabs} role="tablist">
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          aria-selected={selected === name}
          className={selected === name ? styles.tabActive : styles.tab}
          onClick={() => onSelect(name)}
        >
          {t(tabLabelKeys[name])}
        </button>
      ))}
    </div>
  );
};
