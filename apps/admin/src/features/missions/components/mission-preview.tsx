import {
  formatMinor,
  type MissionCategory,
  type MissionKind,
  type MissionPeriod,
  parseMoney,
} from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import styles from './missions.module.css';

export interface MissionPreviewProps {
  kind: MissionKind;
  period: MissionPeriod;
  category: MissionCategory;
  target: string;
  reward: string;
  score: string;
  currency: string;
  title: string;
  description: string;
}

/** An amount as members will see it, or the text as typed while it is not one yet. */
const amountOf = (text: string, currency: string) => {
  const parsed = parseMoney(text.trim(), currency);
  return parsed.ok ? `${formatMinor(parsed.minor, currency)} ${currency}` : text.trim() || '—';
};

/**
 * The card a member sees in the personal centre's missions, drawn from the form as it is typed (on the site's
 * tokens): title, goal, an empty progress bar towards the target, the reward and the leaderboard points.
 */
export const MissionPreview = (props: MissionPreviewProps) => {
  const { t } = useTranslation();
  const isMoney = props.kind === 'valid_bet' || props.kind === 'deposit';
  const target = isMoney ? amountOf(props.target, props.currency) : props.target.trim() || '—';
  const goal = t(`missions.goal.${props.kind}`, { target, category: t(`missions.category.${props.category}`) });
  return (
    <section className={styles.preview} aria-label={t('missions.preview')} data-testid="mission-preview">
      <h3 className={styles.previewHeading}>{t('missions.preview')}</h3>
      <p className={styles.note}>{t('missions.previewHint', { period: t(`missions.period.${props.period}`) })}</p>
      <div className={styles.card}>
        <div className={styles.cardText}>
          <p className={styles.cardTitle}>{props.title.trim() || goal}</p>
          <p className={styles.cardGoal}>{props.description.trim() || goal}</p>
          <div className={styles.bar} aria-hidden="true">
            <span className={styles.fill} />
          </div>
          <p className={styles.cardGoal}>{`${isMoney ? amountOf('0', props.currency) : '0'} / ${target}`}</p>
        </div>
        <div className={styles.cardReward}>
          <strong>{amountOf(props.reward, props.currency)}</strong>
          <span className={styles.cardGoal}>{t('missions.scoreAward', { points: props.score || '0' })}</span>
        </div>
      </div>
    </section>
  );
};
