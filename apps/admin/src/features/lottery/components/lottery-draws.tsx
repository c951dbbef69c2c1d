import type { AdminLotteryDraw } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../shared/i18n/i18n';
import table from '../../../shared/ui/data-table.module.css';
import { PagedTable } from '../../../shared/ui/paged-table';
import { useLotteryDraws, useLotteryGames } from '../api/lottery-api';
import { DrawNumbers, DrawStatusBadge, shortHash } from './draw-parts';
import styles from './lottery.module.css';

export const drawPathOf = (code: string, drawId: string) =>
  `/merchants/${encodeURIComponent(code)}/lottery/draws/${encodeURIComponent(drawId)}`;

/** A game's draws (or every game's), newest first: commitment, result and revealed seed, tickets, stakes, payouts. */
export const LotteryDraws = ({
  code,
  gameCode,
  pageNo,
  onChange,
}: {
  code: string;
  gameCode: string | undefined;
  pageNo: number;
  onChange: (next: { gameCode: string | undefined; pageNo: number }) => void;
}) => {
  const { t } = useTranslation();
  const games = useLotteryGames(code);
  const draws = useLotteryDraws(code, { gameCode, pageNo });
  const currency = games.data?.[0]?.currency ?? '';
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'medium' });
  const columns = {
    drawNo: t('lottery.drawNo'),
    game: t('lottery.game'),
    status: t('lottery.status'),
    drawAt: t('lottery.drawAt'),
    commitment: t('lottery.commitmentShort'),
    result: t('lottery.result'),
    tickets: t('lottery.tickets'),
    staked: t('lottery.staked', { currency }),
    paid: t('lottery.paid', { currency }),
  };
  return (
    <div className={styles.stack}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('lottery.game')}</span>
          <select
            value={gameCode ?? ''}
            onChange={(event) => onChange({ gameCode: event.target.value || undefined, pageNo: 1 })}
            data-testid="lottery-draws-game"
          >
            <option value="">{t('lottery.allGames')}</option>
            {(games.data ?? []).map((game) => (
              <option key={game.code} value={game.code}>
                {game.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedTable<AdminLotteryDraw>
        query={draws}
        emptyMessage={t('lottery.noDraws')}
        testId="lottery-draws"
        columns={Object.values(columns)}
        pageNo={pageNo}
        onPageChange={(next) => onChange({ gameCode, pageNo: next })}
        renderRow={(draw) => (
          <tr key={draw.id} data-draw={draw.drawNo} data-draw-game={draw.gameCode}>
            <td data-label={columns.drawNo}>
              <Link to={drawPathOf(code, draw.id)} className={table.mono}>
                {draw.drawNo}
              </Link>
            </td>
            <td data-label={columns.game}>{draw.gameCode}</td>
            <td data-label={columns.status}>
              <DrawStatusBadge status={draw.status} />
            </td>
            <td data-label={columns.drawAt} className={table.nowrap}>
              {formatTime.format(Date.parse(draw.drawAt))}
            </td>
            <td data-label={columns.commitment}>
              <span className={table.mono} title={draw.seedHash}>
                {shortHash(draw.seedHash)}
              </span>
              {draw.serverSeed ? (
                <span className={styles.seedLine} title={draw.serverSeed}>
                  {t('lottery.seedShort')} <span className={table.mono}>{shortHash(draw.serverSeed)}</span>
                </span>
              ) : null}
            </td>
            <td data-label={columns.result}>
              <DrawNumbers draw={draw} />
            </td>
            <td data-label={columns.tickets}>{draw.tickets}</td>
            <td data-label={columns.staked} className={table.nowrap}>
              {draw.staked}
            </td>
            <td data-label={columns.paid} className={table.nowrap}>
              {draw.paid}
            </td>
          </tr>
        )}
      />
    </div>
  );
};
