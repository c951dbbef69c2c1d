import type { AgentTransferInfo, AgentTransferResult } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { validateAmount } from '../../../shared/forms/amount-validation';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { transferToDownline, transferToUpline, useAgentTransferInfo } from '../api/agent-money-api';
import styles from './agent-money.module.css';
import { useMoneySubmit } from './money-submit';

type Direction = 'down' | 'up';

interface TransferValues {
  toAccount: string;
  amount: string;
  withdrawPassword: string;
}

const fields = ['toAccount', 'amount', 'withdrawPassword'] as const;

/** Why the agent cannot send money now, if it cannot: frozen, or no withdraw password set. */
export const MoneyBlocked = ({ info }: { info: AgentTransferInfo }) => {
  const { t } = useTranslation('agents');
  const { t: money } = useTranslation('money');
  const { t: errorText } = useTranslation('errors');
  if (info.frozen) {
    return (
      <Alert tone="danger" title={t('agent_money_frozen_title')} name="agent-frozen">
        {errorText('agent_frozen')}
      </Alert>
    );
  }
  if (!info.hasWithdrawPassword) {
    return (
      <Alert tone="warning" title={money('withdraw_password_needed')} name="password-needed">
        <Link to="/member?page=securityCenter" className={styles.inlineLink}>
          {money('go_to_my_account')}
        </Link>
      </Alert>
    );
  }
  return null;
};

/** The agent's balance above a money form. */
export const BalanceLine = ({ info }: { info: AgentTransferInfo }) => {
  const { t: money } = useTranslation('money');
  const formatMoney = useFormatMoney();
  return (
    <DetailList
      items={[
        {
          name: 'available',
          label: money('available_balance'),
          value: formatMoney(info.availableBalance, info.currency),
        },
      ]}
    />
  );
};

const TransferForm = ({ info, direction }: { info: AgentTransferInfo; direction: Direction }) => {
  const { t } = useTranslation('agents');
  const { t: money } = useTranslation('money');
  const formatMoney = useFormatMoney();
  const [done, setDone] = useState<AgentTransferResult | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TransferValues>({ defaultValues: { toAccount: '', amount: '', withdrawPassword: '' } });
  const { submit, formError } = useMoneySubmit<TransferValues, AgentTransferResult>({
    fields,
    setError,
    send: (requestId, values) =>
      direction === 'down'
        ? transferToDownline({ requestId, ...values })
        : transferToUpline({ requestId, amount: values.amount, withdrawPassword: values.withdrawPassword }),
    onDone: (result) => {
      reset();
      setDone(result);
    },
  });
  return (
    <form
      className={formStyles.form}
      onSubmit={handleSubmit(async (values) => {
        setDone(null);
        await submit(values);
      })}
      noValidate
      data-form={`agent-transfer-${direction}`}
    >
      {direction === 'down' ? (
        <TextField
          id="agent-transfer-account"
          label={t('agent_money_to_account')}
          autoComplete="off"
          maxLength={32}
          isRequired
          error={errors.toAccount}
          {...register('toAccount', { validate: validateRequired('not_empty', false) })}
        />
      ) : (
        <DetailList
          items={[{ name: 'upline', label: money('upline_account'), value: <bdi>{info.uplineAccount ?? '—'}</bdi> }]}
        />
      )}
      <TextField
        id={`agent-transfer-amount-${direction}`}
        label={money('amount')}
        inputMode="decimal"
        autoComplete="off"
        isRequired
        error={errors.amount}
        {...register('amount', { validate: validateAmount({ currency: info.currency }) })}
      />
      <PasswordField
        id={`agent-transfer-password-${direction}`}
        label={money('withdraw_password')}
        autoComplete="off"
        maxLength={128}
        isRequired
        error={errors.withdrawPassword}
        {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
      />
      <FormError code={formError} />
      {done ? (
        <Alert tone="success" name="agent-transfer-done">
          {t(direction === 'down' ? 'agent_money_sent_down' : 'agent_money_sent_up', {
            account: done.toAccount,
            amount: formatMoney(done.entry.amount.replace(/^-/, ''), done.entry.currency),
          })}
        </Alert>
      ) : null}
      <Button type="submit" isBlock disabled={isSubmitting}>
        {t('agent_money_transfer_submit')}
      </Button>
    </form>
  );
};

/**
 * Transfers (agent centre): money from the agent's main wallet to a member of its downline, or to its upline when
 * the merchant allows it, confirmed with the withdraw password; both sides see it in their account record.
 */
export const AgentTransfersPanel = () => {
  const { t } = useTranslation('agents');
  const { t: errorText } = useTranslation('errors');
  const info = useAgentTransferInfo();
  const [direction, setDirection] = useState<Direction>('down');
  if (info.isPending) return <InlineLoader />;
  if (info.isError) return <FormError code={errorKeyOf(info.error)} />;
  const data = info.data;
  const items = [
    ...(data.transferDown !== 'off' ? [{ id: 'down' as const, label: t('agent_money_to_downline') }] : []),
    ...(data.transferUp ? [{ id: 'up' as const, label: t('agent_money_to_upline') }] : []),
  ];
  const active = items.find((item) => item.id === direction)?.id ?? items[0]?.id;
  return (
    <div className={styles.page} data-agent-page="agentTransfer">
      <Card title={t('agent_money_transfer_title')} name="agent-transfer">
        <div className={styles.stack}>
          <BalanceLine info={data} />
          <MoneyBlocked info={data} />
          {!active ? (
            <Alert tone="info" name="transfers-off">
              {errorText('agent_transfer_off')}
            </Alert>
          ) : data.frozen || !data.hasWithdrawPassword ? null : (
            <>
              {items.length > 1 ? (
                <Tabs
                  idPrefix="agent-transfer"
                  label={t('agent_money_transfer_title')}
                  items={items}
                  activeId={active}
                  onSelect={setDirection}
                />
              ) : null}
              {data.transferDown === 'direct' && active === 'down' ? (
                <p className={styles.muted}>{errorText('agent_transfer_direct_only')}</p>
              ) : null}
              <div id="agent-transfer-panel">
                <TransferForm key={active} info={data} direction={active} />
              </div>
            </>
          )}
        </div>
      </Card>
    </div>
  );
};
