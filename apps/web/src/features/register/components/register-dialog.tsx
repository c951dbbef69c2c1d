import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterSettings } from '../../../shared/account/get-register-settings';
import { errorKeyOf } from '../../../shared/api/api-error';
import { usePublicStore } from '../../../shared/state/public-store';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { type RegisterMode, registerModeLabelKeys, registerModesOf } from '../register-plan';
import styles from './register-dialog.module.css';
import { RegisterForm } from './register-form';

export interface RegisterDialogProps {
  isOpen: boolean;
  onClose: () => void;
  onLogin: () => void;
  /** The merchant's register banner (group w_reg), drawn above the form; the app layer supplies it. */
  banner?: ReactNode;
  /** The merchant's social sign-in buttons (an account is created on the first sign-in); the app layer supplies them. */
  socialSignIn?: ReactNode;
}

/**
 * The register popup (spec section 2 "Modals"): username and mobile tabs as USERNAMEREG3 and MOBILENUMREG3
 * say, the mobile one first and chosen when on; each tab's fields come from the merchant's rules.
 */
export const RegisterDialog = ({ isOpen, onClose, onLogin, banner, socialSignIn }: RegisterDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog name="register" isOpen={isOpen} onClose={onClose} title={t('hd_sign_button')}>
      <div className={styles.body}>
        {banner}
        <RegisterBody onLogin={onLogin} />
        {socialSignIn}
      </div>
    </Dialog>
  );
};

const RegisterBody = ({ onLogin }: { onLogin: () => void }) => {
  const { t } = useTranslation();
  const flags = usePublicStore((state) => state.whitelabel);
  const rules = useRegisterSettings();
  const modes = registerModesOf(flags);
  const [chosen, setChosen] = useState<RegisterMode | null>(null);
  const mode = chosen && modes.includes(chosen) ? chosen : modes[0];

  if (!mode) {
    return (
      <div className={styles.body}>
        <FormError code="register_closed" tone="info" />
        <Button variant="outline" onClick={onLogin}>
          {t('hd_login_button')}
        </Button>
      </div>
    );
  }
  if (rules.isError && !rules.data) {
    return (
      <div className={styles.body}>
        <FormError code={errorKeyOf(rules.error)} />
        <Button variant="secondary" onClick={() => void rules.refetch()}>
          {t('label_retry')}
        </Button>
      </div>
    );
  }
  if (!rules.data) return <InlineLoader label={t('in_loading')} />;

  return (
    <div className={styles.body}>
      {modes.length > 1 ? (
        <Tabs
          idPrefix="register"
          label={t('in_reg_type_title')}
          items={modes.map((id) => ({ id, label: t(registerModeLabelKeys[id]) }))}
          activeId={mode}
          onSelect={setChosen}
        />
      ) : null}
      <div id="register-panel" role="tabpanel" aria-labelledby={modes.length > 1 ? `register-tab-${mode}` : undefined}>
        <RegisterForm key={mode} mode={mode} rules={rules.data} onLogin={onLogin} />
      </div>
    </div>
  );
};
