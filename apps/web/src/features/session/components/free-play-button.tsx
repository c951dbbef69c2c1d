import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { getBotCheck } from '../../../shared/security/bot-check';
import { Button } from '../../../shared/ui/button/button';
import { FormError } from '../../../shared/ui/form/form-error';
import { startFreePlay } from '../api/start-free-play';
import { useCompleteLogin } from '../use-complete-login';

/** A short description of the visitor's system for the free-play record, e.g. "Android" or "Windows". */
const osOf = (userAgent: string): string => {
  const known = ['Android', 'iPhone', 'iPad', 'Windows', 'Mac OS', 'Linux', 'CrOS'];
  return known.find((name) => userAgent.includes(name)) ?? '';
};

/** Free play (FREEPLAY3): a trial account that browses but cannot play for real or open the member centre. */
export const FreePlayButton = () => {
  const { t } = useTranslation();
  const completeLogin = useCompleteLogin();
  const [isBusy, setBusy] = useState(false);
  const [errorCode, setErrorCode] = useState<string | null>(null);

  const handleClick = async () => {
    setBusy(true);
    setErrorCode(null);
    try {
      const value = await startFreePlay({
        os: osOf(navigator.userAgent),
        platform: 'W',
        botCheck: await getBotCheck(),
      });
      await completeLogin(value, { agentLogin: false, remember: null });
    } catch (error) {
      setErrorCode(errorKeyOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FormError code={errorCode} />
      <Button variant="secondary" size="lg" isBlock onClick={handleClick} disabled={isBusy} data-free-play="">
        {t('hd_free_demo')}
      </Button>
    </>
  );
};
