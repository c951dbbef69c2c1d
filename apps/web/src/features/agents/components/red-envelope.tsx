import {
  agentRangeOf,
  type DownlineMember,
  RED_ENVELOPE_MAX_RECIPIENTS,
  type RedEnvelopeResult,
  type RedEnvelopeSplit,
} from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { validateAmount } from '../../../shared/forms/amount-validation';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { FieldMessage } from '../../../shared/ui/form/field-message';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { sendRedEnvelope, useAgentTransferInfo } from '../api/agent-money-api';
import { useDownline } from '../api/agents-api';
import styles from './agent-money.module.css';
import { BalanceLine, MoneyBlocked } from './agent-transfers';
import { useMoneySubmit } from './money-submit';

const PAGE_SIZE = 20;

interface EnvelopeValues {
  memberIds: string;
  amount: string;
  split: RedEnvelopeSplit;
  withdrawPassword: string;
}

const fields = ['memberIds', 'amount', 'split', 'withdrawPassword'] as const;

/** The downline to choose from: the direct downline, or a search of the whole downline by account. */
const RecipientPicker = ({
  selected,
  onToggle,
}: {
  selected: ReadonlyMap<string, string>;
  onToggle: (member: DownlineMember) => void;
}) => {
  const { t } = useTranslation('agents');
  const [search, setSearch] = useState('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const downline = useDownline({
    ...agentRangeOf('today', new Date()),
    ...(account ? { account } : {}),
    pageNo,
    pageSize: PAGE_SIZE,
  });
  return (
    <div className={styles.picker}>
      <form
        className={styles.search}
        onSubmit={(event) => {
          event.preventDefault();
          setAccount(search.trim());
          setPageNo(1);
        }}
      >
        <TextField
          id="envelope-search"
          label={t('agent_money_search_downline')}
          value={search}
          maxLength={32}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('agent_money_search')}
        </Button>
      </form>
      <PagedRecords<DownlineMember>
        query={downline}
        pageNo={pageNo}
        onPageChange={setPageNo}
        rowKey={(row) => row.memberId}
        rowData={(row) => ({ 'data-recipient': row.account })}
        columns={[
          {
            label: t('agent_money_choose'),
            render: (row) => (
              <input
                type="checkbox"
                className={formStyles.checkbox}
                checked={selected.has(row.memberId)}
                aria-label={t('agent_money_choose_member', { account: row.account })}
                onChange={() => onToggle(row)}
              />
            ),
          },
          { label: t('agent_money_account'), render: (row) => <bdi dir="ltr">{row.account}</bdi> },
          { label: t('agent_money_level'), isNumeric: true, render: (row) => row.level },
        ]}
      />
    </div>
  );
};

/**
 * Red envelope (agentRedRain): one amount from the agent's main wallet shared among chosen downline members, in
 * equal or random parts that add up to it exactly, confirmed with the withdraw password.
 */
export const RedEnvelopePanel = () => {
  const { t } = useTranslation('agents');
  const { t: money } = useTranslation('money');
  const { t: errorText } = useTranslation('errors');
  const formatMoney = useFormatMoney();
  const info = useAgentTransferInfo();
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [done, setDone] = useState<RedEnvelopeResult | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<EnvelopeValues>({
    defaultValues: { memberIds: '', amount: '', split: 'random', withdrawPassword: '' },
  });
  const { submit, formError } = useMoneySubmit<EnvelopeValues, RedEnvelopeResult>({
    fields,
    setError,
    send: (requestId, values) =>
      sendRedEnvelope({
        requestId,
        memberIds: [...selected.keys()],
        amount: values.amount,
        split: values.split,
        withdrawPassword: values.withdrawPassword,
      }),
    onDone: (result) => {
      reset();
      setSelected(new Map());
      setDone(result);
    },
  });
  if (info.isPending) return <InlineLoader />;
  if (info.isError) return <FormError code={errorKeyOf(info.error)} />;
  const data = info.data;
  const toggle = (member: DownlineMember) => {
    const next = new Map(selected);
    if (next.has(member.memberId)) next.delete(member.memberId);
    else if (next.size < RED_ENVELOPE_MAX_RECIPIENTS) next.set(member.memberId, member.account);
    clearErrors('memberIds');
    setSelected(next);
  };
  const blocked = data.frozen || !data.hasWithdrawPassword || data.transferDown === 'off';
  return (
    <div className={styles.page} data-agent-page="agentRedRain">
      <Card title={t('agent_money_envelope_title')} name="red-envelope">
        <div className={styles.stack}>
          <p className={styles.muted}>{t('agent_money_envelope_intro')}</p>
          <BalanceLine info={data} />
          <MoneyBlocked info={data} />
          {data.transferDown === 'off' ? (
            <Alert tone="info" name="transfers-off">
              {errorText('agent_transfer_off')}
            </Alert>
          ) : null}
        </div>
      </Card>
      {blocked ? null : (
        <>
          <Card title={t('agent_money_recipients')} name="envelope-recipients" isPadded={false}>
            <RecipientPicker selected={selected} onToggle={toggle} />
          </Card>
          <Card title={t('agent_money_envelope_send')} name="envelope-form">
            <form
              className={formStyles.form}
              onSubmit={handleSubmit(async (values) => {
                setDone(null);
                if (selected.size === 0) {
                  setError('memberIds', { message: 'not_empty' });
                  return;
                }
                await submit(values);
              })}
              noValidate
              data-form="red-envelope"
            >
              <div className={styles.chosen} data-chosen={selected.size}>
                <span className={styles.chosenCount}>
                  {t('agent_money_chosen', { chosen: selected.size, max: RED_ENVELOPE_MAX_RECIPIENTS })}
                </span>
                {[...selected.entries()].map(([memberId, account]) => (
                  <span key={memberId} className={styles.chip}>
                    <bdi dir="ltr">{account}</bdi>
                  </span>
                ))}
                <FieldMessage error={errors.memberIds} id="envelope-recipients-error" />
              </div>
              <TextField
                id="envelope-amount"
                label={t('agent_money_envelope_amount')}
                inputMode="decimal"
                autoComplete="off"
                isRequired
                error={errors.amount}
                {...register('amount', { validate: validateAmount({ currency: data.currency }) })}
              />
              <SelectField
                id="envelope-split"
                label={t('agent_money_split')}
                options={[
                  { value: 'random', label: t('agent_money_split_random') },
                  { value: 'equal', label: t('agent_money_split_equal') },
                ]}
                error={errors.split}
                {...register('split')}
              />
              <PasswordField
                id="envelope-password"
                label={money('withdraw_password')}
                autoComplete="off"
                maxLength={128}
                isRequired
                error={errors.withdrawPassword}
                {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
              />
              <FormError code={formError} />
              <Button type="submit" isBlock disabled={isSubmitting}>
                {t('agent_money_envelope_submit')}
              </Button>
            </form>
          </Card>
        </>
      )}
      {done ? (
        <Card title={t('agent_money_envelope_done')} name="envelope-done">
          <ul className={styles.parts}>
            {done.parts.map((part) => (
              <li key={part.memberId} data-part={part.account}>
                <bdi dir="ltr">{part.account}</bdi>
                <span>{formatMoney(part.amount, done.currency)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
};
