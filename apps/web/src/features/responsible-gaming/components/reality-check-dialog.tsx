import { useQueryClient } from '@tanstack/react-query';
import type { RgSession } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { endMemberSession } from '../../../shared/account/member-session';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { navigateQuietly } from '../../../shared/routing/navigate-quietly';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { useAnswerRealityCheck } from '../api/responsible-gaming';
import styles from './session-clock.module.css';
import { formatElapsed } from './session-time';

/** The bet history of the personal centre, where the dialog's link leads (opened beside the session). */
export const BET_HISTORY_PATH = '/member?page=personalHistoryCopy';

/**
 * A reality check (issue 31): the session's elapsed time and its net position since it began (wins and returned
 * stakes less stakes, from the ledger), a link to the bet history, and the member's answer: continue, or stop
 * playing, which signs out. It stays until answered; each answer is recorded on the server.
 */
export const RealityCheckDialog = ({ session, elapsedSeconds }: { session: RgSession; elapsedSeconds: number }) => {
  const { t } = useTranslation('responsible-gaming');
  const formatMoney = useFormatMoney();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const answer = useAnswerRealityCheck();
  const net = Number(session.netPosition);
  const netText = `${net > 0 ? '+' : ''}${formatMoney(session.netPosition, session.currency)}`;

  const handleStop = () =>
    answer.mutate('stop', {
      onSuccess: () => {
        endMemberSession(queryClient);
        navigateQuietly(navigate('/', { replace: true }));
      },
    });

  return (
    <Dialog
      name="reality-check"
      isOpen
      onClose={() => undefined}
      hasCloseButton={false}
      title={t('reality_title')}
      size="sm"
    >
      <p className={styles.note}>{t('reality_text', { minutes: session.realityCheckMinutes ?? 0 })}</p>
      <dl className={styles.figures}>
        <div className={styles.figure}>
          <dt>{t('reality_elapsed')}</dt>
          <dd data-reality="elapsed">{formatElapsed(elapsedSeconds)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('reality_net')}</dt>
          <dd data-reality="net" className={net < 0 ? styles.loss : net > 0 ? styles.gain : undefined}>
            {netText}
          </dd>
        </div>
      </dl>
      <Link className={styles.history} to={BET_HISTORY_PATH} target="_blank" rel="noopener">
        {t('reality_history')}
      </Link>
      {answer.isError ? <FormError code={errorKeyOf(answer.error)} /> : null}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={handleStop} disabled={answer.isPending}>
          {t('reality_stop')}
        </Button>
        <Button onClick={() => answer.mutate('continue')} disabled={answer.isPending} data-autofocus="">
          {t('reality_continue')}
        </Button>
      </div>
    </Dialog>
  );
};
