import type { MemberRaffle } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { CopyValue } from '../../../shared/ui/copy-value/copy-value';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { FormError } from '../../../shared/ui/form/form-error';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useJoinRaffle, useRaffleList } from '../api/raffles-api';
import { raffleStateKeys, raffleToneOf } from '../raffle-states';
import styles from './raffle.module.css';

interface RaffleCardProps {
  raffle: MemberRaffle;
  isBusy: boolean;
  onJoin: (raffle: MemberRaffle) => void;
}

/**
 * One raffle: its title and text, the ticket window and draw time, how tickets are earned, the prizes, its state,
 * the join button while it is open, the member's tickets against the total, the seed's hash and, once drawn, the
 * revealed seed and the masked winners.
 */
const RaffleCard = ({ raffle, isBusy, onJoin }: RaffleCardProps) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const money = (amount: string) => formatMoney(amount, raffle.currency);
  const drawn = raffle.state === 'drawn';
  return (
    <article
      className={styles.raffle}
      aria-labelledby={`raffle-${raffle.id}`}
      data-raffle={raffle.id}
      data-raffle-state={raffle.state}
    >
      <div className={styles.row}>
        <h3 id={`raffle-${raffle.id}`} className={styles.title} dir="auto">
          {raffle.title}
        </h3>
        <StatusBadge tone={raffleToneOf(raffle.state)} name={raffle.state}>
          {t(raffleStateKeys[raffle.state])}
        </StatusBadge>
      </div>
      {raffle.text ? (
        <p className={styles.text} dir="auto">
          {raffle.text}
        </p>
      ) : null}
      <DetailList
        items={[
          {
            name: 'window',
            label: t('raffle_window'),
            value: t('promo_period', {
              start: formatDateTime(raffle.ticketsFrom),
              end: formatDateTime(raffle.ticketsTo),
            }),
          },
          { name: 'draw-at', label: t('raffle_draw_at'), value: formatDateTime(raffle.drawAt) },
          {
            name: 'rules',
            label: t('raffle_rules'),
            value: [
              raffle.ticketPerDeposit ? t('raffle_rule_deposit', { amount: money(raffle.ticketPerDeposit) }) : null,
              raffle.ticketPerValidBet ? t('raffle_rule_bet', { amount: money(raffle.ticketPerValidBet) }) : null,
            ]
              .filter((rule) => rule !== null)
              .join(' · '),
          },
          { name: 'prizes', label: t('raffle_prizes'), value: raffle.prizes.map(money).join(' · ') },
          {
            name: 'tickets',
            label: t('raffle_tickets'),
            value: (
              <span data-raffle-tickets={raffle.myTickets} data-raffle-total={raffle.totalTickets}>
                {t('raffle_tickets_value', { mine: raffle.myTickets, total: raffle.totalTickets })}
              </span>
            ),
          },
          { name: 'hash', label: t('red_fair_hash'), value: <CopyValue value={raffle.seedHash} name="hash" /> },
          ...(raffle.serverSeed
            ? [{ name: 'seed', label: t('red_fair_seed'), value: <CopyValue value={raffle.serverSeed} name="seed" /> }]
            : []),
        ]}
      />
      {drawn ? (
        <section className={styles.winners} aria-label={t('raffle_winners')} data-raffle-winners={raffle.id}>
          <h4 className={styles.subtitle}>{t('raffle_winners')}</h4>
          {raffle.winners.length > 0 ? (
            <ol className={styles.winnerList}>
              {raffle.winners.map((winner) => (
                <li
                  key={winner.prizeIndex}
                  className={winner.mine ? styles.mine : undefined}
                  data-raffle-winner={winner.username}
                  data-raffle-winner-mine={winner.mine ? 'true' : undefined}
                >
                  <span dir="ltr" className={styles.winnerName}>
                    {winner.username}
                  </span>
                  <span className={styles.winnerAmount}>{money(winner.amount)}</span>
                  {winner.mine ? <StatusBadge tone="success">{t('raffle_winner_you')}</StatusBadge> : null}
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.text}>{t('raffle_no_winners')}</p>
          )}
        </section>
      ) : (
        <p className={styles.note}>{t('raffle_fair_pending')}</p>
      )}
      {raffle.state === 'open' ? (
        <div className={styles.actions}>
          <Button
            size="sm"
            disabled={isBusy}
            data-raffle-action="join"
            aria-label={t('raffle_join_named', { title: raffle.title })}
            onClick={() => onJoin(raffle)}
          >
            {t('raffle_join')}
          </Button>
        </div>
      ) : null}
    </article>
  );
};

/**
 * The raffles section of /promotions: the merchant's raffles to come, open, or drawn lately. A member joins an open
 * raffle with one press (a visitor's press opens the login popup); error codes show translated. Nothing shows when
 * the merchant has no raffles.
 */
export const RaffleSection = () => {
  const { t } = useTranslation('promotions');
  const list = useRaffleList();
  const join = useJoinRaffle();
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const [joined, setJoined] = useState<string | null>(null);
  const raffles = list.data?.list ?? [];
  if (raffles.length === 0 && !list.isError) return null;

  const handleJoin = (raffle: MemberRaffle) => {
    join.reset();
    setJoined(null);
    if (!isLogin) {
      openDialog('login');
      return;
    }
    join.mutate(raffle.id, { onSuccess: () => setJoined(raffle.title) });
  };

  return (
    <section className={styles.section} aria-labelledby="raffles-title" data-section="raffles">
      <h2 id="raffles-title" className={styles.sectionTitle}>
        {t('raffle_title')}
      </h2>
      <p className={styles.text}>{t('raffle_intro')}</p>
      {joined ? (
        <Alert tone="success" name="raffle-joined">
          {t('raffle_joined_done', { title: joined })}
        </Alert>
      ) : null}
      {join.error ? <FormError code={errorKeyOf(join.error)} /> : null}
      {list.isError ? <FormError code={errorKeyOf(list.error)} /> : null}
      <ul className={styles.list}>
        {raffles.map((raffle) => (
          <li key={raffle.id}>
            <RaffleCard raffle={raffle} isBusy={join.isPending} onJoin={handleJoin} />
          </li>
        ))}
      </ul>
    </section>
  );
};
