import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { useAnswerPrompt } from '../api/responsible-gaming';
import styles from './rg-prompts.module.css';
import shared from './session-clock.module.css';

/** The responsible-gaming page of the security centre, where the dialog's link leads. */
export const RESPONSIBLE_GAMING_PATH = '/member?page=responsibleGaming';

/**
 * Before the member's first wager (issue 31, decision 0107): what playing safely takes and the tools the site
 * offers, with a link to the responsible-gaming page. Shown once, on the first game page the member opens, until
 * acknowledged; the acknowledgement is kept on the server.
 */
export const FirstWagerInfoDialog = () => {
  const { t } = useTranslation('responsible-gaming');
  const answer = useAnswerPrompt();
  return (
    <Dialog
      name="rg-first-wager-info"
      isOpen
      onClose={() => undefined}
      hasCloseButton={false}
      title={t('info_title')}
      size="sm"
    >
      <p className={shared.note}>{t('info_text')}</p>
      <ul className={styles.tools}>
        <li>{t('info_tool_limits')}</li>
        <li>{t('info_tool_breaks')}</li>
        <li>{t('info_tool_reality')}</li>
      </ul>
      <Link className={shared.history} to={RESPONSIBLE_GAMING_PATH}>
        {t('info_link')}
      </Link>
      {answer.isError ? <FormError code={errorKeyOf(answer.error)} /> : null}
      <div className={shared.buttons}>
        <Button
          onClick={() => answer.mutate({ prompt: 'first_wager_info', answer: 'acknowledged' })}
          disabled={answer.isPending}
          data-autofocus=""
        >
          {t('info_acknowledge')}
        </Button>
      </div>
    </Dialog>
  );
};
