import type { AdminRaffle, MerchantSettings } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Toast } from '../../../shared/ui/toast';
import { useRaffles } from '../api/raffles-api';
import styles from './promotion-engine.module.css';
import { RaffleEditor } from './raffle-editor';
import raffleStyles from './raffles.module.css';
import { titleOf } from './title-of';

type RaffleState = 'scheduled' | 'open' | 'closed' | 'drawn';
const stateTone = { scheduled: 'info', open: 'success', closed: 'warning', drawn: 'neutral' } as const;

const stateOf = (raffle: AdminRaffle, now: number): RaffleState => {
  if (raffle.status === 'drawn') return 'drawn';
  if (now < Date.parse(raffle.ticketsFrom)) return 'scheduled';
  if (now >= Date.parse(raffle.ticketsTo)) return 'closed';
  return 'open';
};

export interface RafflesProps {
  code: string;
  settings: MerchantSettings;
  canManage: boolean;
}

/**
 * The merchant's raffles with their state, ticket window, draw time, entries and tickets, prizes, the published seed
 * hash and, once drawn, the prizes paid and who won them; new opens the editor in place (a raffle cannot change once created).
 */
export const Raffles = ({ code, settings, canManage }: RafflesProps) => {
  const { t, i18n } = useTranslation();
  const raffles = useRaffles(code);
  const [isCreating, setIsCreating] = useState(false);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const language = i18n.language.toUpperCase();
  const now = Date.now();
  const formatDate = new Intl.DateTimeFormat(currentLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: settings.timeZone,
  });

  if (isCreating) {
    return (
      <RaffleEditor
        code={code}
        settings={settings}
        onSaved={(saved) => {
          setIsCreating(false);
          setToast({
            id: Date.now(),
            text: t('raffles.saved', { title: titleOf(saved, language, settings.defaultLanguage) }),
          });
        }}
        onClose={() => setIsCreating(false)}
      />
    );
  }

  const columns = [
    t('promotions.column.title'),
    t('promotions.column.state'),
    t('raffles.column.window'),
    t('raffles.column.drawAt'),
    t('raffles.column.tickets'),
    t('raffles.column.prizes', { currency: settings.currency }),
    t('raffles.column.paid', { currency: settings.currency }),
    t('raffles.column.hash'),
  ];
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.hint}>{canManage ? t('raffles.intro') : t('promotions.readOnly')}</p>
        {canManage ? (
          <Button variant="primary" onClick={() => setIsCreating(true)}>
            {t('raffles.new')}
          </Button>
        ) : null}
      </div>
      <PagedTable<AdminRaffle>
        query={{ ...raffles, data: raffles.data ? { list: raffles.data.list, totalPages: 1 } : undefined }}
        emptyMessage={t('raffles.empty')}
        testId="raffle-list"
        columns={columns}
        pageNo={1}
        onPageChange={() => undefined}
        renderRow={(raffle) => {
          const state = stateOf(raffle, now);
          const title = titleOf(raffle, language, settings.defaultLanguage);
          return (
            <tr key={raffle.id} data-raffle={raffle.id} data-title={title} data-state={state}>
              <td data-label={columns[0]}>
                <span className={styles.strong}>{title}</span>
              </td>
              <td data-label={columns[1]}>
                <Badge tone={stateTone[state]}>{t(`raffles.state.${state}`)}</Badge>
                {raffle.drawnAt ? (
                  <span className={styles.subline}>
                    {t('raffles.drawnAt', { time: formatDate.format(Date.parse(raffle.drawnAt)) })}
                  </span>
                ) : null}
              </td>
              <td data-label={columns[2]}>
                <span className={raffleStyles.window}>
                  <span className={table.nowrap}>{formatDate.format(Date.parse(raffle.ticketsFrom))} –</span>
                  <span className={table.nowrap}>{formatDate.format(Date.parse(raffle.ticketsTo))}</span>
                </span>
              </td>
              <td data-label={columns[3]} className={table.nowrap}>
                {formatDate.format(Date.parse(raffle.drawAt))}
              </td>
              <td data-label={columns[4]} className={styles.figure} data-figure="tickets">
                {t('raffles.entriesTickets', { entries: raffle.figures.entries, tickets: raffle.figures.tickets })}
              </td>
              <td data-label={columns[5]} className={styles.figure} data-figure="prizes">
                {raffle.prizes.join(' · ')}
              </td>
              <td data-label={columns[6]} className={styles.figure}>
                <span className={raffleStyles.paid}>
                  <span data-figure="paid">{raffle.figures.paid}</span>
                  {raffle.winners.length > 0 ? (
                    <ol className={raffleStyles.winners} data-figure="winners">
                      {raffle.winners.map((w) => (
                        <li key={w.prizeIndex} data-winner={w.username}>
                          {t('raffles.winner', {
                            prize: w.prizeIndex + 1,
                            username: w.username,
                            amount: w.amount,
                            entry: w.entryNo,
                          })}
                        </li>
                      ))}
                    </ol>
                  ) : null}
                </span>
              </td>
              <td data-label={columns[7]}>
                <code className={raffleStyles.hash} title={raffle.seedHash} data-figure="hash">
                  {raffle.seedHash}
                </code>
              </td>
            </tr>
          );
        }}
      />
      <Toast message={toast} onDismiss={dismissToast} />
    </div>
  );
};
