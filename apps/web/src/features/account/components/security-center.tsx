import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberInfoQueryOptions, useMemberInfo } from '../../../shared/account/get-member-info';
import type { SecurityCardFrame } from '../../../shared/account/security-card-frame';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert/alert';
import { FormError } from '../../../shared/ui/form/form-error';
import { KeyIcon, LockIcon, ShieldIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { ChangePasswordForm } from './change-password-form';
import { LoginHistoryCard } from './login-history-card';
import { ProfileCard } from './profile-card';
import { RecoveryCodes } from './recovery-codes';
import styles from './security-center.module.css';
import { SettingRow } from './setting-row';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { TwoFactorSetup } from './two-factor-setup';
import { WithdrawPasswordForm } from './withdraw-password-form';

type OpenSetting = 'password' | 'withdraw' | 'twoFactor' | null;
type Notice = { setting: Exclude<OpenSetting, null>; key: string } | null;

/** A card of settings in this page's look: its title, and its rows (`SettingRow`s). */
const SettingsCard = ({ name, title, children }: { name: string; title: string; children: ReactNode }) => (
  <section className={styles.card} aria-label={title} data-card={name}>
    <h2 className={styles.cardTitle}>{title}</h2>
    <ul className={styles.settings}>{children}</ul>
  </section>
);

export interface SecurityCenterProps {
  /** Cards other features add under the security settings (linked sign-ins), composed by the app layer. */
  extraCards?: readonly ComponentType<SecurityCardFrame>[];
}

/**
 * My account (securityCenter, the member centre's default page): profile, login password, withdraw password,
 * two-factor, the cards other features add, and login history.
 */
export const SecurityCenter = ({ extraCards = [] }: SecurityCenterProps) => {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const member = useMemberInfo();
  const [open, setOpen] = useState<OpenSetting>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  if (member.isPending) return <InlineLoader label={t('in_loading', { ns: 'common' })} />;
  if (member.isError) return <FormError code={errorKeyOf(member.error)} />;
  const info = member.data;

  const toggle = (setting: Exclude<OpenSetting, null>) => {
    setNotice(null);
    setOpen((current) => (current === setting ? null : setting));
  };
  const reloadMember = () => queryClient.invalidateQueries({ queryKey: memberInfoQueryOptions().queryKey });
  const finish = async (setting: Exclude<OpenSetting, null>, key: string) => {
    await reloadMember();
    setOpen(null);
    setNotice({ setting, key });
  };
  const noticeOf = (setting: Exclude<OpenSetting, null>) =>
    notice?.setting === setting ? <Alert tone="success">{t(notice.key)}</Alert> : undefined;

  const handleRecoverySaved = () => {
    setRecoveryCodes(null);
    setOpen(null);
    setNotice({ setting: 'twoFactor', key: 'two_factor_enabled' });
  };

  return (
    <div className={styles.center} data-page="security-center">
      <ProfileCard member={info} />
      <section className={styles.card} aria-labelledby="security-title" data-card="security">
        <h2 id="security-title" className={styles.cardTitle}>
          {t('security_title')}
        </h2>
        <ul className={styles.settings}>
          <SettingRow
            name="password"
            icon={<LockIcon />}
            title={t('login_password_title')}
            status={t('login_password_status')}
            isOn
            actionLabel={t(open === 'password' ? 'label_cancel' : 'change_button')}
            isOpen={open === 'password'}
            onToggle={() => toggle('password')}
            notice={noticeOf('password')}
          >
            <ChangePasswordForm
              isForced={info.mustChangePassword}
              idPrefix="security"
              onDone={() => {
                setOpen(null);
                setNotice({ setting: 'password', key: 'change_pass_success' });
              }}
            />
          </SettingRow>
          <SettingRow
            name="withdraw"
            icon={<KeyIcon />}
            title={t('withdraw_password_title')}
            status={t(info.hasWithdrawPassword ? 'status_set' : 'not_set')}
            isOn={info.hasWithdrawPassword}
            actionLabel={t(
              open === 'withdraw' ? 'label_cancel' : info.hasWithdrawPassword ? 'change_button' : 'set_button',
            )}
            isOpen={open === 'withdraw'}
            onToggle={() => toggle('withdraw')}
            notice={noticeOf('withdraw')}
          >
            <WithdrawPasswordForm
              hasWithdrawPassword={info.hasWithdrawPassword}
              onDone={() => finish('withdraw', 'withdraw_password_saved')}
            />
          </SettingRow>
          <SettingRow
            name="two-factor"
            icon={<ShieldIcon />}
            title={t('two_factor_title')}
            status={t(info.twoFactorEnabled ? 'status_on' : 'status_off')}
            isOn={info.twoFactorEnabled}
            actionLabel={t(
              recoveryCodes
                ? 'label_close'
                : open === 'twoFactor'
                  ? 'label_cancel'
                  : info.twoFactorEnabled
                    ? 'disable_button'
                    : 'enable_button',
            )}
            isOpen={open === 'twoFactor' || recoveryCodes !== null}
            onToggle={() => (recoveryCodes ? handleRecoverySaved() : toggle('twoFactor'))}
            notice={noticeOf('twoFactor')}
          >
            {recoveryCodes ? (
              <RecoveryCodes codes={recoveryCodes} onDone={handleRecoverySaved} />
            ) : info.twoFactorEnabled ? (
              <TwoFactorDisableForm onDone={() => finish('twoFactor', 'two_factor_disabled')} />
            ) : (
              <TwoFactorSetup
                onEnabled={(codes) => {
                  setRecoveryCodes(codes);
                  void reloadMember();
                }}
              />
            )}
          </SettingRow>
        </ul>
      </section>
      {extraCards.map((ExtraCard, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the app layer's list is fixed for the page's life.
        <ExtraCard key={index} Card={SettingsCard} Row={SettingRow} />
      ))}
      <LoginHistoryCard />
    </div>
  );
};
