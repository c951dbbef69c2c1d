import { useQueryClient } from '@tanstack/react-query';
import type { PointItem } from '@tessera/contracts';
import { useRef, useState } from 'react';
import { type UseFormSetError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { newRequestId } from '../../../shared/api/request-id';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { buyPoints, convertPoints, pointsQueryKey, redeemPoints } from '../api/points-api';
import styles from './point-forms.module.css';

/** Submits with a request id kept across retries of the same submission; server field errors land on fields. */
const useSealedSubmit = <Values extends Record<string, string>, Result>(
  fields: readonly (keyof Values & string)[],
  send: (values: Values, requestId: string) => Promise<Result>,
  setError: UseFormSetError<Values>,
) => {
  const queryClient = useQueryClient();
  const requestId = useRef(newRequestId());
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async (values: Values): Promise<Result | null> => {
    setFormError(null);
    try {
      const result = await send(values, requestId.current);
      requestId.current = newRequestId();
      await queryClient.invalidateQueries({ queryKey: pointsQueryKey });
      return result;
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return null;
      }
      if (error.code !== 'in_network_again' && error.code !== 'timeout_retry_please') {
        requestId.current = newRequestId();
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
      if (error.code !== 'validation_failed') await queryClient.invalidateQueries({ queryKey: pointsQueryKey });
      return null;
    }
  };
  return { submit, formError };
};

interface CashValues extends Record<string, string> {
  points: string;
  withdrawPassword: string;
}

/** The texts and hooks of each way points and cash meet: converting points to cash, or buying points with cash. */
const cashModes = {
  convert: {
    send: convertPoints,
    title: 'convert_title',
    ratioLine: 'convert_ratio_line',
    pointsLabel: 'convert_points_label',
    preview: 'convert_preview',
    done: 'convert_done',
    submit: 'convert_submit',
  },
  buy: {
    send: buyPoints,
    title: 'buy_title',
    ratioLine: 'buy_ratio_line',
    pointsLabel: 'buy_points_label',
    preview: 'buy_preview',
    done: 'buy_done',
    submit: 'buy_submit',
  },
} as const;

/**
 * Converts points to cash in the main wallet at the merchant's ratio (`convert`), or buys points with main-wallet
 * cash at its buy ratio (`buy`, "get points by cash"), with the withdraw password over a sealed body.
 */
export const PointsCashDialog = ({
  mode,
  isOpen,
  onClose,
  points,
  ratio,
  currency,
}: {
  mode: keyof typeof cashModes;
  isOpen: boolean;
  onClose: () => void;
  points: string;
  ratio: string;
  currency: string;
}) => {
  const { t } = useTranslation(['points', 'common']);
  const formatMoney = useFormatMoney();
  const texts = cashModes[mode];
  const [done, setDone] = useState<{ amount: string; points: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CashValues>({ defaultValues: { points: '', withdrawPassword: '' } });
  const { submit, formError } = useSealedSubmit<CashValues, { amount: string; points: string }>(
    ['points', 'withdrawPassword'],
    (values, requestId) => texts.send({ requestId, ...values }),
    setError,
  );
  const typed = watch('points');
  const preview = /^\d+$/.test(typed) && Number(ratio) > 0 ? (Number(typed) / Number(ratio)).toFixed(2) : null;
  const close = () => {
    setDone(null);
    reset();
    onClose();
  };
  return (
    <Dialog name={`points-${mode}`} isOpen={isOpen} onClose={close} title={t(texts.title)} size="sm">
      <form
        className={formStyles.form}
        noValidate
        data-form={`points-${mode}`}
        onSubmit={handleSubmit(async (values) => {
          const result = await submit(values);
          if (result) {
            setDone(result);
            reset();
          }
        })}
      >
        <p className={styles.line}>{t(texts.ratioLine, { ratio })}</p>
        <p className={styles.line}>{t('available_points', { points })}</p>
        <TextField
          id={`points-${mode}-points`}
          label={t(texts.pointsLabel)}
          inputMode="numeric"
          autoComplete="off"
          isRequired
          error={errors.points}
          {...register('points', {
            validate: (value) => (/^[1-9]\d{0,15}$/.test(value.trim()) ? true : 'field_invalid'),
          })}
        />
        {preview ? (
          <p className={styles.line} data-convert-preview="">
            {t(texts.preview, { amount: formatMoney(preview, currency) })}
          </p>
        ) : null}
        <PasswordField
          id={`points-${mode}-password`}
          label={t('withdraw_password')}
          autoComplete="off"
          maxLength={128}
          isRequired
          error={errors.withdrawPassword}
          {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
        />
        <FormError code={formError} />
        {done ? (
          <Alert tone="success">
            <span data-convert-done="" data-points-done={done.points}>
              {t(texts.done, { amount: formatMoney(done.amount, currency), points: done.points })}
            </span>
          </Alert>
        ) : null}
        <Button type="submit" isBlock disabled={isSubmitting}>
          {t(texts.submit)}
        </Button>
      </form>
    </Dialog>
  );
};

interface RedeemValues extends Record<string, string> {
  quantity: string;
  withdrawPassword: string;
  address: string;
  mobileNum: string;
}

/** Redeems goods with the withdraw password; physical goods ask where to deliver and a mobile number. */
export const RedeemDialog = ({
  item,
  currency,
  onClose,
}: {
  item: PointItem | null;
  currency: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation(['points', 'common']);
  const formatMoney = useFormatMoney();
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<RedeemValues>({ defaultValues: { quantity: '1', withdrawPassword: '', address: '', mobileNum: '' } });
  const { submit, formError } = useSealedSubmit<RedeemValues, { reference: string }>(
    ['quantity', 'withdrawPassword', 'address', 'mobileNum'],
    (values, requestId) =>
      redeemPoints({
        requestId,
        itemId: item?.id ?? '',
        quantity: Number(values.quantity),
        withdrawPassword: values.withdrawPassword,
        ...(item?.kind === 'physical' ? { address: values.address, mobileNum: values.mobileNum } : {}),
      }),
    setError,
  );
  const close = () => {
    setDone(null);
    reset();
    onClose();
  };
  const isPhysical = item?.kind === 'physical';
  return (
    <Dialog name="points-redeem" isOpen={item !== null} onClose={close} title={t('redeem_title')} size="sm">
      {item ? (
        <form
          className={formStyles.form}
          noValidate
          data-form="points-redeem"
          onSubmit={handleSubmit(async (values) => {
            const result = await submit(values);
            if (result) {
              setDone(result.reference);
              reset();
            }
          })}
        >
          <p className={styles.line}>
            <strong>
              <bdi>{item.name}</bdi>
            </strong>
          </p>
          <p className={styles.line}>{t('points_requirement_line', { points: item.pointsRequired })}</p>
          {item.kind === 'cash' ? (
            <p className={styles.line}>{t('cash_value_line', { amount: formatMoney(item.cashValue, currency) })}</p>
          ) : null}
          {Number(item.amountRequired) > 0 ? (
            <p className={styles.line}>
              {t('amount_requirement_line', { amount: formatMoney(item.amountRequired, currency) })}
            </p>
          ) : null}
          <TextField
            id="points-redeem-quantity"
            label={t('redeem_quantity')}
            inputMode="numeric"
            autoComplete="off"
            isRequired
            error={errors.quantity}
            {...register('quantity', {
              validate: (value) => {
                const quantity = Number(value);
                if (!Number.isInteger(quantity) || quantity < 1) return 'field_too_small';
                return quantity > item.perMemberLimit ? 'points_limit_reached' : true;
              },
            })}
          />
          {isPhysical ? (
            <>
              <TextField
                id="points-redeem-address"
                label={t('receiving_address')}
                autoComplete="street-address"
                isRequired
                maxLength={300}
                error={errors.address}
                {...register('address', { validate: validateRequired('not_empty', false) })}
              />
              <TextField
                id="points-redeem-mobile"
                label={t('mobile_number')}
                inputMode="tel"
                autoComplete="tel"
                isRequired
                error={errors.mobileNum}
                {...register('mobileNum', {
                  validate: (value) => (/^\+?[0-9]{5,15}$/.test(value.trim()) ? true : 'in_mobileNum_error'),
                })}
              />
            </>
          ) : null}
          <PasswordField
            id="points-redeem-password"
            label={t('withdraw_password')}
            autoComplete="off"
            maxLength={128}
            isRequired
            error={errors.withdrawPassword}
            {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
          />
          <FormError code={formError} />
          {done ? (
            <Alert tone="success">
              <span data-redeem-done="">{t('redeem_done', { reference: done })}</span>
            </Alert>
          ) : null}
          <Button type="submit" isBlock disabled={isSubmitting}>
            {t('redeem_submit')}
          </Button>
        </form>
      ) : null}
    </Dialog>
  );
};
