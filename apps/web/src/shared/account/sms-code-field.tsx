import { type ComponentPropsWithRef, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createThrottle } from '../hooks/throttle';
import { useCountdown } from '../hooks/use-countdown';
import type { FieldErrorLike } from '../ui/form/field-message';
import { TextField } from '../ui/form/text-field';
import styles from './account-fields.module.css';

/** SMS requests are throttled to one per second (spec section 9). */
const SEND_INTERVAL_MS = 1000;

export interface SmsCodeFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  id: string;
  label?: string;
  error?: FieldErrorLike | undefined;
  isRequired?: boolean;
  /** Checks what the send needs (the phone number) first; a refusal neither sends nor counts for the throttle. */
  onBeforeSend?: () => Promise<boolean>;
  /** Sends the code; resolves with the countdown in seconds, or null when sending failed (shown by the form). */
  onSend: () => Promise<number | null>;
  /** e.g. while the phone number is still empty. */
  isSendDisabled?: boolean;
}

/**
 * The verification-code input with its send button. After a send, the button counts down (expiredMinutes ×
 * 60 s, spec section 4) and stays disabled; clicks closer than a second apart are ignored.
 */
export const SmsCodeField = ({
  id,
  label,
  error,
  isRequired = true,
  onBeforeSend,
  onSend,
  isSendDisabled,
  ...input
}: SmsCodeFieldProps) => {
  const { t } = useTranslation();
  const countdown = useCountdown();
  const [isSending, setSending] = useState(false);
  const throttle = useRef(createThrottle(SEND_INTERVAL_MS));

  const handleSend = async () => {
    if (isSending || countdown.isRunning) return;
    if (onBeforeSend && !(await onBeforeSend())) return;
    if (!throttle.current.tryPass()) return;
    setSending(true);
    try {
      const seconds = await onSend();
      if (seconds !== null) countdown.start(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <TextField
      id={id}
      label={label ?? t('in_increase_verificationCode')}
      isRequired={isRequired}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={255}
      error={error}
      addon={
        <button
          type="button"
          className={styles.sendButton}
          onClick={handleSend}
          disabled={isSending || countdown.isRunning || isSendDisabled}
          aria-live="polite"
          data-send-code=""
        >
          {countdown.isRunning
            ? t('resend_in_seconds', { seconds: countdown.secondsLeft })
            : isSending
              ? t('in_sending')
              : t('in_get_verificationCode')}
        </button>
      }
      {...input}
    />
  );
};
