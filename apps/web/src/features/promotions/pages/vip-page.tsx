import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { CrownIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useRankProgress } from '../api/get-rank-progress';
import { useVipLevels } from '../api/get-vip-levels';
import { VipProgress } from '../components/vip-progress';
import styles from './vip-page.module.css';

/**
 * /vip (VIP3): the merchant's levels with what each asks (credited deposits and valid bets), its upgrade bonus and
 * benefits, for everyone; a member who takes part also sees their level and bars towards the next one, a visitor a
 * way to log in. Without VIP3 the address leads home.
 */
export const VipPage = () => {
  const { t } = useTranslation(['promotions', 'common']);
  const formatMoney = useFormatMoney();
  const isOn = usePublicStore((state) => state.whitelabel.VIP3 === true);
  const isLogin = usePublicStore((state) => state.isLogin);
  const isTrial = usePublicStore((state) => state.isTrial);
  const openDialog = useShellStore((state) => state.openDialog);
  const levels = useVipLevels();
  const progress = useRankProgress({ enabled: isOn && isLogin && !isTrial });
  if (!isOn) return <Navigate to="/" replace />;
  const member = progress.data?.hasVip ? progress.data : null;
  const currentRank = member?.vipRankLevel ?? 0;
  return (
    <PageFrame title={t('hd_vip', { ns: 'common' })} icon={<CrownIcon />}>
      <div className={styles.page} data-page="vip">
        <p className={styles.intro}>{t('vip_intro')}</p>
        {member ? <VipProgress progress={member} /> : null}
        {isLogin && progress.isError ? <FormError code={errorKeyOf(progress.error)} /> : null}
        {isLogin ? null : (
          <Card name="vip-login">
            <div className={styles.login}>
              <p className={styles.loginText}>{t('vip_login_prompt')}</p>
              <Button size="sm" onClick={() => openDialog('login')}>
                {t('hd_login_button', { ns: 'common' })}
              </Button>
            </div>
          </Card>
        )}
        <section className={styles.levelsSection} aria-labelledby="vip-levels-title">
          <h2 id="vip-levels-title" className={styles.sectionTitle}>
            {t('vip_levels_title')}
          </h2>
          {levels.isPending ? <InlineLoader /> : null}
          {levels.isError ? <FormError code={errorKeyOf(levels.error)} /> : null}
          {levels.data && levels.data.levels.length === 0 ? <EmptyState message={t('vip_no_levels')} /> : null}
          <ol className={styles.levels}>
            {levels.data?.levels.map((level) => {
              const isCurrent = level.rankLevel === currentRank;
              const isReached = level.rankLevel <= currentRank;
              return (
                <li
                  key={level.rankLevel}
                  className={`${styles.level} ${isCurrent ? styles.current : ''}`}
                  data-vip-level={level.rankLevel}
                  data-reached={isReached ? '' : undefined}
                  aria-current={isCurrent ? 'true' : undefined}
                >
                  <header className={styles.levelHead}>
                    <span className={styles.rank}>{t('vip_level_badge', { level: level.rankLevel })}</span>
                    <h3 className={styles.levelName}>
                      <bdi>{level.labelName}</bdi>
                    </h3>
                    {isCurrent ? (
                      <StatusBadge tone="success" name="vip-current">
                        {t('vip_your_level')}
                      </StatusBadge>
                    ) : null}
                  </header>
                  <dl className={styles.facts}>
                    <div className={styles.fact}>
                      <dt>{t('vip_deposits')}</dt>
                      <dd>{formatMoney(level.depositRequirement, levels.data.currency)}</dd>
                    </div>
                    <div className={styles.fact}>
                      <dt>{t('vip_valid_bets')}</dt>
                      <dd>{formatMoney(level.validBetRequirement, levels.data.currency)}</dd>
                    </div>
                    <div className={styles.fact}>
                      <dt>{t('vip_upgrade_bonus')}</dt>
                      <dd className={styles.bonus}>{formatMoney(level.upgradeBonus, levels.data.currency)}</dd>
                    </div>
                  </dl>
                  {level.benefits.length > 0 ? (
                    <div className={styles.benefits}>
                      <p className={styles.benefitsTitle}>{t('vip_benefits')}</p>
                      <ul className={styles.benefitList}>
                        {level.benefits.map((benefit) => (
                          <li key={benefit} dir="auto">
                            {benefit}
                          </li>
                        ))}
                      </ul>
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </PageFrame>
  );
};
