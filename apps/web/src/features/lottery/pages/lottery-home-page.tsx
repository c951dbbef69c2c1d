import {
  type FourDBetTypeName,
  isVnKind,
  type LanguageCode,
  LOTTERY_DAILY_INTERVAL,
  type LotteryBetType,
  type LotteryDraw,
  type LotteryGame,
  type LotteryGameKind,
  type LotteryLine,
  languages,
  type VnBetTypeName,
} from '@tessera/contracts';
import { FIVE_DIGIT_MAX_SUM, verifyFiveDigitDraw, verifyFourDDraw } from '@tessera/engines';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import {
  useBuyLottery,
  useLotteryGames,
  useLotteryLive,
  useLotteryResults,
  useLotteryTickets,
} from '../api/lottery-api';
import styles from '../lottery.module.css';
import {
  betTypeKeys,
  betTypeRuleKeys,
  centsText,
  emptyPick,
  fourDGroups,
  fourDLineOf,
  fourDNumberOf,
  fourDText,
  fourDTierKeys,
  fourDTierOfNumber,
  lineOf,
  oddsOfSelection,
  type Pick,
  pickShapeOf,
  positionKeys,
  quickPick,
  selectionOf,
  sideKeys,
  ticketStatusKeys,
  totalCents,
  vnText,
} from '../slip';
import { BetTypeChips, DigitRows } from './digit-rows';
import { VnNumbers, VnPicker, verifyVnDraw, vnDigitsOf } from './vn-parts';

const useNow = () => {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};

/** Time left as mm:ss, or h:mm:ss from an hour up (a daily draw). */
const secondsText = (ms: number) => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const mmss = `${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss;
};

/** A 4D draw's 23 numbers by prize tier; `mine` marks a ticket's number where it was drawn. */
const FourDNumbers = ({ numbers, mine }: { numbers: readonly number[]; mine?: number | undefined }) => {
  const { t } = useTranslation('lottery');
  return (
    <span className={styles.fourD} data-numbers={numbers.map(fourDText).join(' ')}>
      {fourDGroups(numbers).map((group, tier) => (
        <span key={fourDTierKeys[tier]} className={styles.fourDTier}>
          <span className={styles.muted}>{t(fourDTierKeys[tier] ?? '')}</span>
          <span className={styles.fourDList}>
            {group.map((n) => (
              <span key={n} className={styles.fourDNumber} data-mine={n === mine ? 'true' : undefined}>
                {fourDText(n)}
              </span>
            ))}
          </span>
        </span>
      ))}
    </span>
  );
};

const Balls = ({
  numbers,
  kind = 'five_digit',
  mine,
}: {
  numbers: readonly number[] | null;
  kind?: LotteryGameKind;
  mine?: number | undefined;
}) =>
  numbers && kind === 'four_d' ? (
    <FourDNumbers numbers={numbers} mine={mine} />
  ) : numbers && isVnKind(kind) ? (
    <VnNumbers numbers={numbers} kind={kind} />
  ) : numbers ? (
    <span className={styles.drawn} data-numbers={numbers.join('')}>
      {numbers.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a draw's digits are positional
        <span key={i}>{n}</span>
      ))}
    </span>
  ) : null;

/** Time left until `draw` closes, on the server's clock. */
const Countdown = ({ draw, offset }: { draw: LotteryDraw | null; offset: number }) => {
  const { t } = useTranslation('lottery');
  const now = useNow() + offset;
  if (!draw) return <span className={styles.muted}>{t('lt_no_draw')}</span>;
  const closes = Date.parse(draw.closesAt);
  return (
    <span className={styles.row}>
      <span className={styles.muted}>
        {t('lt_draw_no', { drawNo: draw.drawNo })} · {now < closes ? t('lt_closes_in') : t('lt_drawing_in')}
      </span>
      <span className={styles.countdown} data-countdown>
        {secondsText((now < closes ? closes : Date.parse(draw.drawAt)) - now)}
      </span>
    </span>
  );
};

/** The member site's page of each kind of game: its lobby lists that kind's games (decision 0108). */
export const kindPaths: Readonly<Record<LotteryGameKind, string>> = {
  five_digit: '/lottery',
  four_d: '/seaLottery',
  vn_north: '/vnLottery',
  vn_central: '/vnLottery',
  vn_south: '/vnLottery',
};
const kindTitles = {
  five_digit: 'lt_title',
  four_d: 'lt_sea_title',
  vn_north: 'lt_vn_title',
  vn_central: 'lt_vn_title',
  vn_south: 'lt_vn_title',
} as const;
const kindGroups = {
  five_digit: 'lt_group_fast',
  four_d: 'lt_group_sea',
  vn_north: 'lt_group_vn',
  vn_central: 'lt_group_vn',
  vn_south: 'lt_group_vn',
} as const;

/**
 * How often a game draws: every N minutes, or a daily game's time of day on the member's own clock, with its zone
 * named (the member plans by their clock; the zone says which, wherever the merchant or the draw is).
 */
const useScheduleText = () => {
  const { t, i18n } = useTranslation('lottery');
  return (game: LotteryGame) =>
    game.intervalSeconds === LOTTERY_DAILY_INTERVAL && game.current
      ? t('lt_daily_at', {
          time: new Intl.DateTimeFormat(languages[i18n.language as LanguageCode]?.locale ?? 'en', {
            hour: '2-digit',
            minute: '2-digit',
            timeZoneName: 'short',
          }).format(Date.parse(game.current.drawAt)),
        })
      : t('lt_every', { minutes: game.intervalSeconds / 60 });
};

const Lobby = ({ games, offset, kind }: { games: LotteryGame[]; offset: number; kind: LotteryGameKind }) => {
  const { t } = useTranslation('lottery');
  const scheduleOf = useScheduleText();
  return (
    <div className={styles.page} data-lottery-lobby={kind}>
      <h1>{t(kindTitles[kind])}</h1>
      <h2 className={styles.muted}>{t(kindGroups[kind])}</h2>
      {games.length === 0 && <p className={styles.muted}>{t('lt_no_games')}</p>}
      <div className={styles.grid}>
        {games.map((game) => (
          <div key={game.code} className={styles.panel} data-lottery-card={game.code}>
            <div className={styles.between}>
              <strong>{game.name}</strong>
              <span className={styles.muted}>{scheduleOf(game)}</span>
            </div>
            <Countdown draw={game.current} offset={offset} />
            <div className={styles.row}>
              <span className={styles.muted}>{t('lt_last_result')}</span>
              {game.last ? (
                <Balls numbers={game.last.numbers} kind={game.kind} />
              ) : (
                <span className={styles.muted}>—</span>
              )}
            </div>
            <Link className={styles.play} to={`${kindPaths[game.kind]}?gameCode=${game.code}`}>
              {t('lt_play')}
            </Link>
          </div>
        ))}
      </div>
    </div>
  );
};

const SUMS = Array.from({ length: FIVE_DIGIT_MAX_SUM + 1 }, (_, v) => v);

/** A line of the slip: what it shows, and the line the buy call takes (its stake from the input). */
interface SlipLine {
  key: number;
  label: string;
  line: LotteryLine;
  stake: string;
}
type Adding = (label: string, line: LotteryLine) => void;

/** The 4D picker: Big or Small, a four-digit number digit by digit (or a quick pick), the prizes it can win. */
const FourDPicker = ({ game, onAdd }: { game: LotteryGame; onAdd: Adding }) => {
  const { t } = useTranslation('lottery');
  const [betType, setBetType] = useState<FourDBetTypeName>('big');
  const [digits, setDigits] = useState<(number | null)[]>([null, null, null, null]);
  const number = fourDNumberOf(digits);
  const info = game.betTypes.find((b) => b.betType === betType);
  return (
    <div className={styles.panel} data-picker="four_d">
      <BetTypeChips game={game} chosen={betType} onChoose={setBetType} />
      <div className={styles.between}>
        <span>{t('lt_4d_number')}</span>
        <strong className={styles.fourDNumber} data-four-d-pick>
          {digits.map((d) => (d === null ? '–' : String(d))).join('')}
        </strong>
      </div>
      <DigitRows digits={digits} onChange={setDigits} />
      {info && (
        <div className={styles.row} data-tier-odds>
          {info.odds.map((odds, tier) =>
            Number(odds) > 0 ? (
              <span key={fourDTierKeys[tier]} className={styles.muted}>
                {t(fourDTierKeys[tier] ?? '')} {odds}×
              </span>
            ) : null,
          )}
        </div>
      )}
      <div className={styles.between}>
        <span className={styles.muted}>{number === null ? t('lt_pick_hint') : ''}</span>
        <span className={styles.row}>
          <button
            type="button"
            className={styles.chip}
            onClick={() => setDigits(digits.map(() => Math.floor(Math.random() * 10)))}
          >
            {t('lt_quick_pick')}
          </button>
          <button
            type="button"
            className={styles.chip}
            disabled={number === null}
            onClick={() => {
              if (number === null) return;
              onAdd(`${t(betTypeKeys[betType])} · ${fourDText(number)}`, fourDLineOf(betType, number, ''));
              setDigits([null, null, null, null]);
            }}
          >
            {t('lt_add_to_slip')}
          </button>
        </span>
      </div>
    </div>
  );
};

const Picker = ({ game, onAdd }: { game: LotteryGame; onAdd: Adding }) => {
  const { t } = useTranslation('lottery');
  const [pick, setPick] = useState<Pick>(() => emptyPick('position'));
  const shape = pickShapeOf(pick.betType);
  const selection = selectionOf(pick);
  const info = game.betTypes.find((b) => b.betType === pick.betType);
  const odds = selection && info ? oddsOfSelection(info.odds, selection) : null;
  return (
    <div className={styles.panel} data-picker>
      <BetTypeChips
        game={game}
        chosen={pick.betType}
        onChoose={(betType: LotteryBetType) => setPick(emptyPick(betType))}
      />
      {shape.position && (
        <fieldset className={styles.row} aria-label={t('lt_position')}>
          {positionKeys.map((key, i) => (
            <button
              key={key}
              type="button"
              className={styles.chip}
              aria-pressed={pick.position === i}
              onClick={() => setPick({ ...pick, position: i })}
            >
              {t(key)}
            </button>
          ))}
        </fieldset>
      )}
      <DigitRows digits={pick.digits} onChange={(next) => setPick({ ...pick, digits: next })} />
      {shape.sides.length > 0 && (
        <div className={styles.row}>
          {shape.sides.map((side) => (
            <button
              key={side}
              type="button"
              className={styles.chip}
              aria-pressed={pick.side === side}
              onClick={() => setPick({ ...pick, side })}
            >
              {t(sideKeys[side])}
            </button>
          ))}
        </div>
      )}
      {shape.sum && (
        <label className={styles.row}>
          {t('lt_sum_value')}
          <select
            className={styles.input}
            value={pick.sum ?? ''}
            onChange={(e) => setPick({ ...pick, sum: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">—</option>
            {SUMS.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className={styles.between}>
        <span className={styles.muted}>{odds ? t('lt_odds', { odds }) : t('lt_pick_hint')}</span>
        <span className={styles.row}>
          <button
            type="button"
            className={styles.chip}
            onClick={() => setPick(quickPick(pick.betType, (n) => Math.floor(Math.random() * n)))}
          >
            {t('lt_quick_pick')}
          </button>
          <button
            type="button"
            className={styles.chip}
            disabled={!selection}
            onClick={() => {
              if (!selection) return;
              onAdd(pickLabel(t, pick), lineOf(selection, ''));
              setPick(emptyPick(pick.betType));
            }}
          >
            {t('lt_add_to_slip')}
          </button>
        </span>
      </div>
    </div>
  );
};

const pickLabel = (t: (key: string) => string, pick: Pick) => {
  const shape = pickShapeOf(pick.betType);
  return [
    t(betTypeKeys[pick.betType]),
    shape.position ? t(positionKeys[pick.position] ?? '') : '',
    pick.side ? t(sideKeys[pick.side]) : '',
    shape.sum ? String(pick.sum) : '',
    pick.digits.join(' '),
  ]
    .filter(Boolean)
    .join(' · ');
};

const Slip = ({ game }: { game: LotteryGame }) => {
  const { t } = useTranslation('lottery');
  const buy = useBuyLottery();
  const [lines, setLines] = useState<SlipLine[]>([]);
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  const total = totalCents(lines.map((l) => l.stake));
  const error = buy.error;
  const fieldErrorOf = (index: number) =>
    isApiError(error)
      ? error.fieldErrors.find((f) => f.path === `lines.${index}` || f.path.startsWith(`lines.${index}.`))
      : undefined;
  const submit = () => {
    const draw = game.current;
    if (!draw) return;
    buy.mutate(
      {
        requestId,
        gameCode: game.code,
        drawNo: draw.drawNo,
        lines: lines.map((l) => ({ ...l.line, stake: l.stake.trim() })),
      },
      {
        onSuccess: () => {
          setLines([]);
          setRequestId(crypto.randomUUID());
        },
      },
    );
  };
  return (
    <div className={styles.stack}>
      {(() => {
        const onAdd: Adding = (label, line) => {
          buy.reset();
          setLines([...lines, { key: Date.now() + Math.random(), label, line, stake: game.minStake }]);
        };
        return game.kind === 'four_d' ? (
          <FourDPicker game={game} onAdd={onAdd} />
        ) : isVnKind(game.kind) ? (
          <VnPicker game={game} onAdd={onAdd} />
        ) : (
          <Picker game={game} onAdd={onAdd} />
        );
      })()}
      <div className={styles.panel} data-slip>
        <h3>{t('lt_slip')}</h3>
        {lines.length === 0 && <p className={styles.muted}>{t('lt_slip_empty')}</p>}
        {lines.map((line, index) => {
          const fieldError = fieldErrorOf(index);
          return (
            <div key={line.key} className={styles.stack} data-slip-line>
              <div className={styles.between}>
                <span>{line.label}</span>
                <span className={styles.row}>
                  <input
                    className={styles.input}
                    inputMode="decimal"
                    aria-label={t('lt_stake')}
                    value={line.stake}
                    onChange={(e) =>
                      setLines(lines.map((l) => (l.key === line.key ? { ...l, stake: e.target.value } : l)))
                    }
                  />
                  <button
                    type="button"
                    className={styles.chip}
                    aria-label={t('lt_remove')}
                    onClick={() => setLines(lines.filter((l) => l.key !== line.key))}
                  >
                    ×
                  </button>
                </span>
              </div>
              {fieldError && (
                <span className={styles.error} role="alert">
                  {t(fieldError.code, { ns: 'errors', min: game.minStake, max: game.maxStake, ...fieldError.params })}
                </span>
              )}
            </div>
          );
        })}
        <div className={styles.between}>
          <span>
            {t('lt_total')}:{' '}
            <strong data-slip-total>{total === null ? '—' : `${centsText(total)} ${game.currency}`}</strong>
          </span>
          <span className={styles.muted}>{t('lt_limits', { min: game.minStake, max: game.maxStake })}</span>
        </div>
        {error && (
          <Alert tone="danger" name="lottery-buy-error">
            {t(errorKeyOf(error), { ns: 'errors' })}
          </Alert>
        )}
        {buy.isSuccess && (
          <Alert tone="success" name="lottery-bought">
            {t('lt_bought')}
          </Alert>
        )}
        <Button
          isBlock
          disabled={lines.length === 0 || total === null || buy.isPending || !game.current}
          onClick={submit}
        >
          {t('lt_buy')}
        </Button>
      </div>
    </div>
  );
};

const Tickets = ({ game }: { game: LotteryGame }) => {
  const { t } = useTranslation('lottery');
  const tickets = useLotteryTickets(game.code, 1);
  return (
    <div className={styles.panel} data-my-tickets>
      <h3>{t('lt_my_tickets')}</h3>
      {tickets.data?.list.length === 0 && <p className={styles.muted}>{t('lt_no_tickets')}</p>}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <tbody>
            {tickets.data?.list.map((ticket) => (
              <tr key={ticket.id} data-ticket={ticket.status}>
                <td>{ticket.drawNo}</td>
                <td>
                  {game.kind === 'four_d'
                    ? `${t(betTypeKeys[ticket.betType])} · ${fourDText(ticket.numbers?.[0] ?? 0)}`
                    : isVnKind(game.kind)
                      ? `${t(betTypeKeys[ticket.betType])} · ${vnText(ticket.betType as VnBetTypeName, ticket.numbers ?? [])}`
                      : pickLabel(t, {
                          betType: ticket.betType as LotteryBetType,
                          position: ticket.position ?? 0,
                          digits: ticket.betType === 'sum' ? [] : (ticket.numbers ?? []),
                          side: ticket.side,
                          sum: ticket.betType === 'sum' ? (ticket.numbers?.[0] ?? null) : null,
                        })}
                </td>
                <td>
                  {ticket.stake} × {ticket.odds}
                </td>
                <td>
                  {t(ticketStatusKeys[ticket.status])}
                  {ticket.status === 'won' ? ` ${ticket.payout}` : ''}
                  {ticket.status === 'won' && game.kind === 'four_d' && ticket.drawNumbers
                    ? ` · ${t(fourDTierKeys[fourDTierOfNumber(ticket.numbers?.[0] ?? -1, ticket.drawNumbers)] ?? '')}`
                    : ''}
                </td>
                <td>{game.kind === 'five_digit' ? <Balls numbers={ticket.drawNumbers} /> : null}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};

const DrawProof = ({ draw, kind }: { draw: LotteryDraw; kind: LotteryGameKind }) => {
  const { t } = useTranslation('lottery');
  const [result, setResult] = useState<ReturnType<typeof verifyFiveDigitDraw> | null>(null);
  const verify = kind === 'four_d' ? verifyFourDDraw : isVnKind(kind) ? verifyVnDraw(kind) : verifyFiveDigitDraw;
  const shown = (numbers: number[]) =>
    (kind === 'four_d' ? numbers.map(fourDText) : isVnKind(kind) ? vnDigitsOf(kind, numbers) : numbers).join(' ');
  const { serverSeed, numbers } = draw;
  return (
    <div className={styles.stack}>
      <span className={styles.mono}>
        {t('lt_commitment')}: {draw.seedHash}
      </span>
      {serverSeed && (
        <span className={styles.mono}>
          {t('lt_server_seed')}: {serverSeed}
        </span>
      )}
      {serverSeed && numbers && (
        <span className={styles.row}>
          <button
            type="button"
            className={styles.chip}
            onClick={() =>
              setResult(
                verify({
                  serverSeed,
                  gameCode: draw.gameCode,
                  drawNo: draw.drawNo,
                  beacon: draw.beacon,
                  seedHash: draw.seedHash,
                  numbers,
                }),
              )
            }
          >
            {t('lt_verify')}
          </button>
          {result && (
            <span data-verify={result.seedMatches && result.numbersMatch ? 'ok' : 'failed'}>
              {result.seedMatches && result.numbersMatch
                ? t('lt_verify_ok', { numbers: shown(result.numbers) })
                : t('lt_verify_failed', { numbers: shown(result.numbers) })}
            </span>
          )}
        </span>
      )}
    </div>
  );
};

const Results = ({ game }: { game: LotteryGame }) => {
  const { t } = useTranslation('lottery');
  const results = useLotteryResults(game.code, 1);
  return (
    <div className={styles.panel} data-results>
      <h3>{t('lt_results')}</h3>
      {results.data?.list.length === 0 && <p className={styles.muted}>{t('lt_no_results')}</p>}
      {results.data?.list.map((draw) => (
        <div key={draw.id} className={styles.stack} data-draw={draw.drawNo}>
          <div className={styles.between}>
            <strong>{t('lt_draw_no', { drawNo: draw.drawNo })}</strong>
            {draw.status === 'cancelled' ? (
              <span>{t('lt_cancelled')}</span>
            ) : (
              game.kind === 'five_digit' && <Balls numbers={draw.numbers} />
            )}
          </div>
          {game.kind !== 'five_digit' && draw.status !== 'cancelled' && (
            <Balls numbers={draw.numbers} kind={game.kind} />
          )}
          <DrawProof draw={draw} kind={game.kind} />
        </div>
      ))}
    </div>
  );
};

/** 4D rules: each tier's multiplier for Big and Small, and each bet type's exact return. */
const FourDRules = ({ game }: { game: LotteryGame }) => {
  const { t } = useTranslation('lottery');
  return (
    <div className={styles.panel} data-rules>
      <h3>{t('lt_rules')}</h3>
      <p className={styles.muted}>{t('lt_4d_rules_intro', { seconds: game.closeSeconds })}</p>
      <PrizeModeNote game={game} />
      {game.betTypes.map((b) => (
        <p key={b.betType} className={styles.muted}>
          <strong>{t(betTypeKeys[b.betType])}</strong>: {t(betTypeRuleKeys[b.betType])}
        </p>
      ))}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('lt_tier_col')}</th>
              {game.betTypes.map((b) => (
                <th key={b.betType}>
                  {t(betTypeKeys[b.betType])} · {t('lt_odds_col')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {fourDTierKeys.map((key, tier) => (
              <tr key={key}>
                <td>{t(key)}</td>
                {game.betTypes.map((b) => (
                  <td key={b.betType}>{Number(b.odds[tier] ?? 0) > 0 ? b.odds[tier] : '—'}</td>
                ))}
              </tr>
            ))}
            <tr>
              <td>
                <strong>{t('lt_rtp')}</strong>
              </td>
              {game.betTypes.map((b) => (
                <td key={b.betType}>
                  <strong>{b.rtpMin}%</strong>
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
};

/** The prize mode whose odds the member is shown and a ticket locks (decision 0159). */
const PrizeModeNote = ({ game }: { game: LotteryGame }) => {
  const { t } = useTranslation('lottery');
  return (
    <p className={styles.muted} data-prize-mode={game.prizeMode}>
      {t('lt_prize_mode', { mode: game.prizeMode })}
    </p>
  );
};

const Rules = ({ game }: { game: LotteryGame }) => {
  const { t } = useTranslation('lottery');
  if (game.kind === 'four_d') return <FourDRules game={game} />;
  return (
    <div className={styles.panel} data-rules>
      <h3>{t('lt_rules')}</h3>
      <p className={styles.muted}>
        {isVnKind(game.kind)
          ? t('lt_vn_rules_intro', { minutes: game.closeSeconds / 60 })
          : t('lt_rules_intro', { seconds: game.closeSeconds })}
      </p>
      <PrizeModeNote game={game} />
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>{t('lt_bet_type')}</th>
              <th>{t('lt_odds_col')}</th>
              <th>{t('lt_rtp')}</th>
            </tr>
          </thead>
          <tbody>
            {game.betTypes.map((b) => (
              <tr key={b.betType}>
                <td>
                  <strong>{t(betTypeKeys[b.betType])}</strong>
                  <div className={styles.muted}>{t(betTypeRuleKeys[b.betType])}</div>
                </td>
                <td>{oddsRange(b.odds)}</td>
                <td>{b.rtpMin === b.rtpMax ? `${b.rtpMin}%` : `${b.rtpMin}% – ${b.rtpMax}%`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
};

/** A bet type's multipliers as one figure, or lowest – highest (exact sum: one per value). */
const oddsRange = (odds: readonly string[]) => {
  const sorted = [...odds].sort((a, b) => Number(a) - Number(b));
  const [low, high] = [sorted[0] ?? '', sorted.at(-1) ?? ''];
  return low === high ? low : `${low} – ${high}`;
};

const tabs = ['bet', 'tickets', 'results', 'rules'] as const;
const tabKeys = {
  bet: 'lt_tab_bet',
  tickets: 'lt_tab_tickets',
  results: 'lt_tab_results',
  rules: 'lt_tab_rules',
} as const;

const GameView = ({ game, offset }: { game: LotteryGame; offset: number }) => {
  const { t } = useTranslation('lottery');
  const [tab, setTab] = useState<(typeof tabs)[number]>('bet');
  return (
    <div className={styles.page} data-lottery-game={game.code}>
      <div className={styles.between}>
        <h1>{game.name}</h1>
        <Link to={kindPaths[game.kind]}>{t('lt_back_to_lobby')}</Link>
      </div>
      <div className={styles.panel}>
        <Countdown draw={game.current} offset={offset} />
        <div className={styles.row}>
          <span className={styles.muted}>{t('lt_last_result')}</span>
          {game.last ? (
            <>
              <span className={styles.muted}>{game.last.drawNo}</span>
              <Balls numbers={game.last.numbers} kind={game.kind} />
            </>
          ) : (
            <span className={styles.muted}>—</span>
          )}
        </div>
      </div>
      <div className={styles.row} role="tablist">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            className={styles.chip}
            aria-selected={tab === name}
            onClick={() => setTab(name)}
          >
            {t(tabKeys[name])}
          </button>
        ))}
      </div>
      {tab === 'bet' && (
        <div className={styles.layout}>
          <Slip game={game} />
          <Tickets game={game} />
        </div>
      )}
      {tab === 'tickets' && <Tickets game={game} />}
      {tab === 'results' && <Results game={game} />}
      {tab === 'rules' && <Rules game={game} />}
    </div>
  );
};

/**
 * /lottery, /seaLottery and /vnLottery (login required, no side menu): the platform's own lottery. Without a game
 * code, the lobby of the page's kind of game (the fast draws, 4D, or the Vietnamese regions), each game with its next-draw countdown and last result;
 * with one of its games' codes, that game's betting view.
 * Draws pushed on the lottery topic refresh everything at once.
 */
export const LotteryHomePage = ({
  gameCode,
  kind = 'five_digit',
}: {
  gameCode: string | null;
  kind?: LotteryGameKind;
}) => {
  const { t } = useTranslation('lottery');
  useLotteryLive();
  const games = useLotteryGames();
  if (games.isPending) return <InlineLoader label={t('lt_loading')} />;
  if (games.isError) {
    return (
      <Alert tone="danger" name="lottery-error">
        {t(errorKeyOf(games.error), { ns: 'errors' })}
      </Alert>
    );
  }
  const first = games.data.games[0];
  const offset = first ? Date.parse(first.serverTime) - games.data.receivedAt : 0;
  const game = games.data.games.find((g) => g.code === gameCode);
  return game ? (
    <GameView game={game} offset={offset} />
  ) : (
    <Lobby games={games.data.games.filter((g) => kindPaths[g.kind] === kindPaths[kind])} offset={offset} kind={kind} />
  );
};
