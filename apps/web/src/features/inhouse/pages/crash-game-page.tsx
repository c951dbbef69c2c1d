import { formatMinor, type InhouseRound, parseMoney } from '@tessera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { useCrashCashOut, usePlaceCrashBet } from '../api/crash-api';
import { newBetKey, useInhouseGames } from '../api/inhouse-api';
import { CrashBoard } from '../boards/crash-board';
import { CrashFairness } from '../components/crash-fairness';
import { CrashPlayers } from '../components/crash-players';
import { CrashPoints } from '../components/crash-points';
import { GameHeaderActions, type GameTab, GameTabs } from '../components/game-header';
import { HistoryStrip } from '../components/history-strip';
import { RulesPanel } from '../components/rules-panel';
import { StakeInput } from '../components/stake-input';
import { isBetOfRound, parseTarget, payoutAt, viewAt } from '../crash/crash-model';
import { useCrashGame } from '../crash/use-crash-game';
import { useFrameClock } from '../crash/use-frame-clock';
import { formatHundredths } from '../game-logic';
import styles from '../inhouse.module.css';
import { play } from '../sound';

type FieldProblem = { field: string | null; message: string };

const cashedOutAt = (bet: InhouseRound | null): number | null =>
  bet?.game === 'crash' && bet.outcome ? bet.outcome.cashedOutAt : null;

/** The cash-out button shows what cashing out now would pay, redrawn with the curve. */
const CashOutButton = ({
  stakeMinor,
  currency,
  multiplierNow,
  busy,
  onCashOut,
}: {
  stakeMinor: bigint;
  currency: string;
  multiplierNow: () => number;
  busy: boolean;
  onCashOut: () => void;
}) => {
  const { t } = useTranslation('inhouse');
  useFrameClock(true);
  const multiplier = multiplierNow();
  return (
    <button
      type="button"
      className={styles.cashOutButton}
      disabled={busy}
      onClick={onCashOut}
      data-testid="crash-cashout"
    >
      {t('ih_cash_out')} <bdi>{`${formatMinor(payoutAt(stakeMinor, multiplier), currency)} ${currency}`}</bdi>
    </button>
  );
};

/** /inHouse?game=crash: the multiplayer crash round of the merchant (decision 0022). */
export const CrashGamePage = () => {
  const { t } = useTranslation('inhouse');
  const { t: te } = useTranslation('errors');
  const signedIn = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const games = useInhouseGames();
  const info = games.data?.find((g) => g.game === 'crash');
  const currency = info?.currency ?? 'USD';
  const { model, myBet, setMyBet } = useCrashGame(signedIn);
  const [stake, setStake] = useState('1.00');
  const [target, setTarget] = useState('2.00');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [tab, setTab] = useState<GameTab>('history');
  // Visitors have no bets to recall.
  const tabs: GameTab[] = signedIn ? ['history', 'rules', 'fairness'] : ['rules', 'fairness'];
  const shownTab = tabs.includes(tab) ? tab : 'rules';
  const placeBet = usePlaceCrashBet();
  const cashOut = useCrashCashOut();
  const round = model?.round ?? null;
  const mine = isBetOfRound(myBet, round, model?.chain ?? null) ? myBet : null;
  const busy = placeBet.isPending || cashOut.isPending;
  /** "Paid 3.00 USD (1.50×)" for a bet cashed out, else null. */
  const paidLine = (bet: InhouseRound): string | null => {
    const at = cashedOutAt(bet);
    return bet.status === 'settled' && bet.payout !== '0.00' && at !== null
      ? t('ih_you_won', { payout: bet.payout, currency, multiplier: formatHundredths(at) })
      : null;
  };

  // After a reload the inputs show the open bet as it was placed.
  const shownBet = useRef<string | null>(null);
  useEffect(() => {
    if (mine?.game !== 'crash' || mine.status !== 'open' || shownBet.current === mine.id) return;
    shownBet.current = mine.id;
    setStake(mine.stake);
    setTarget(mine.params.autoCashOut === null ? '' : formatHundredths(mine.params.autoCashOut));
  }, [mine]);

  // The settlement of the member's bet by the round (an automatic cash-out, the crash) is heard once.
  const heard = useRef<string | null>(null);
  useEffect(() => {
    if (mine?.status !== 'settled') return;
    const key = `${mine.id}:${mine.payout}`;
    if (heard.current === key) return;
    heard.current = key;
    play(mine.payout === '0.00' ? 'lose' : 'win');
  }, [mine]);

  const showError = (failure: unknown) => {
    const field = isApiError(failure) ? failure.fieldErrors?.[0] : undefined;
    if (field) setProblem({ field: field.path, message: te(field.code, field.params ?? {}) });
    else setProblem({ field: null, message: te(errorKeyOf(failure)) });
  };

  const handleBet = async () => {
    if (!signedIn) {
      openDialog('login');
      return;
    }
    const autoCashOut = parseTarget(target);
    if (autoCashOut !== null && (Number.isNaN(autoCashOut) || autoCashOut < 101 || autoCashOut > 100_000_000)) {
      setProblem({ field: 'autoCashOut', message: te('field_invalid') });
      return;
    }
    setProblem(null);
    try {
      const bet = await placeBet.mutateAsync({ stake, autoCashOut, idempotencyKey: newBetKey() });
      heard.current = null;
      setMyBet(bet);
      play('bet');
    } catch (failure) {
      showError(failure);
    }
  };

  const handleCashOut = async () => {
    if (!mine) return;
    setProblem(null);
    try {
      setMyBet(await cashOut.mutateAsync(mine.id));
    } catch (failure) {
      showError(failure);
    }
  };

  const stakeMinor = (() => {
    if (!mine) return 0n;
    const parsed = parseMoney(mine.stake, currency);
    return parsed.ok ? parsed.minor : 0n;
  })();
  const mineOpen = mine?.status === 'open';
  /** The member's own target (shown), and where the bet cashes out by itself (the lower with the payout cap). */
  const autoOf = (bet: InhouseRound) => (bet.game === 'crash' ? bet.params.autoCashOut : null);
  const effectiveAutoOf = (bet: InhouseRound): number | null => {
    if (bet.game !== 'crash') return null;
    const targets = [bet.params.autoCashOut, bet.params.maxCashOut].filter((t): t is number => t !== null);
    return targets.length === 0 ? null : Math.min(...targets);
  };

  const action = (() => {
    if (!signedIn) {
      return (
        <button type="button" className={styles.betButton} onClick={() => openDialog('login')} data-testid="crash-bet">
          {t('ih_sign_in_to_play')}
        </button>
      );
    }
    if (mine && mineOpen && round?.status === 'running') {
      return (
        <CashOutButton
          stakeMinor={stakeMinor}
          currency={currency}
          multiplierNow={() => {
            const view = viewAt(model, Date.now());
            const auto = effectiveAutoOf(mine);
            const now = view.phase === 'running' ? view.multiplier : 100;
            return auto !== null && auto < now ? auto : now;
          }}
          busy={busy}
          onCashOut={() => void handleCashOut()}
        />
      );
    }
    const canBet = round?.status === 'betting' && !mine;
    return (
      <button
        type="button"
        className={styles.betButton}
        disabled={busy || !canBet}
        onClick={() => void handleBet()}
        data-testid="crash-bet"
      >
        {canBet
          ? t('ih_bet')
          : mine && round?.status === 'betting'
            ? t('ih_crash_bet_placed')
            : t('ih_crash_wait_next')}
      </button>
    );
  })();

  const resultLine = (() => {
    if (!mine) return null;
    if (mine.status === 'open') {
      const auto = autoOf(mine);
      return (
        <p className={styles.resultLine} data-testid="crash-my-bet">
          {t('ih_crash_your_bet', { stake: mine.stake, currency })}
          {auto === null ? null : ` · ${t('ih_crash_auto_cash_out')} ${formatHundredths(auto)}×`}
        </p>
      );
    }
    return (
      <p className={styles.resultLine} data-testid="crash-result" data-win={String(mine.payout !== '0.00')}>
        {paidLine(mine) ?? t('ih_you_lost')}
      </p>
    );
  })();

  return (
    <PageFrame
      title={t('ih_game_crash')}
      eyebrow={t('ih_title')}
      actions={<GameHeaderActions verifyHref="/inHouse/verify?game=crash" />}
    >
      <div className={styles.gameLayout}>
        <div className={styles.panel}>
          <StakeInput
            value={stake}
            onChange={setStake}
            info={info}
            disabled={busy || mine !== null}
            error={problem?.field === 'stake' ? problem.message : null}
          />
          <div className={styles.field}>
            <label className={styles.inlineLabel} htmlFor="crash-auto">
              {t('ih_crash_auto_cash_out')}
            </label>
            <div className={styles.stakeRow}>
              <input
                id="crash-auto"
                className={styles.input}
                inputMode="decimal"
                value={target}
                disabled={busy || mine !== null}
                aria-invalid={problem?.field === 'autoCashOut' ? true : undefined}
                aria-describedby="crash-auto-hint"
                onChange={(event) => setTarget(event.target.value)}
              />
              <button
                type="button"
                className={styles.chip}
                disabled={busy || mine !== null || target === ''}
                onClick={() => setTarget('')}
              >
                {t('ih_clear')}
              </button>
            </div>
            <p
              id="crash-auto-hint"
              className={problem?.field === 'autoCashOut' ? styles.error : styles.hint}
              role={problem?.field === 'autoCashOut' ? 'alert' : undefined}
            >
              {problem?.field === 'autoCashOut' ? problem.message : t('ih_crash_auto_hint')}
            </p>
          </div>
          {action}
          {problem && problem.field !== 'stake' && problem.field !== 'autoCashOut' ? (
            <p className={styles.error} role="alert" data-testid="crash-error">
              {problem.message}
            </p>
          ) : null}
          {resultLine}
        </div>
        <div className={styles.boardPanel}>
          <CrashPoints history={model?.history ?? []} />
          <CrashBoard model={model} paid={mine ? paidLine(mine) : null} />
        </div>
      </div>
      <div className={styles.gameLayout}>
        <div className={styles.panel}>
          <CrashPlayers bets={model?.bets ?? []} myBetId={mine?.id ?? null} />
        </div>
        <div className={styles.stack}>
          <GameTabs tabs={tabs} selected={shownTab} onSelect={setTab} />
          <div className={styles.panel} role="tabpanel">
            {shownTab === 'history' ? <HistoryStrip game="crash" signedIn={signedIn} /> : null}
            {shownTab === 'rules' ? <RulesPanel game="crash" info={info} params={{}} /> : null}
            {shownTab === 'fairness' ? (
              <CrashFairness chain={model?.chain ?? null} history={model?.history ?? []} />
            ) : null}
          </div>
        </div>
      </div>
    </PageFrame>
  );
};
