import { type InhouseRound, type PlaceBet, type SeededGameName, seededGames } from '@tessera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { newBetKey, useInhouseGames, useMinesStep, useOpenMines, usePlaceBet } from '../api/inhouse-api';
import { DiceBoard, type DiceChoice } from '../boards/dice-board';
import { KenoBoard, type KenoChoice } from '../boards/keno-board';
import { LimboBoard } from '../boards/limbo-board';
import { MinesBoard } from '../boards/mines-board';
import { PlinkoBoard, type PlinkoChoice } from '../boards/plinko-board';
import { SlotBoard } from '../boards/slot-board';
import { AutoBetPanel, type AutoBetSettings } from '../components/auto-bet-panel';
import { FairnessPanel } from '../components/fairness-panel';
import { GameHeaderActions, type GameTab, GameTabs } from '../components/game-header';
import { HistoryStrip } from '../components/history-strip';
import { RulesPanel } from '../components/rules-panel';
import { StakeInput } from '../components/stake-input';
import { formatMultiplier, minorOf, shouldStopAutoBet } from '../game-logic';
import styles from '../inhouse.module.css';
import { gameNameKeys } from '../labels';
import { play } from '../sound';
import { CrashGamePage } from './crash-game-page';

type Choices = {
  dice: DiceChoice;
  limbo: { target: number };
  plinko: PlinkoChoice;
  keno: KenoChoice;
  slot: Record<string, never>;
  mines: { mines: number };
};

const initialChoices: Choices = {
  dice: { target: 5000, direction: 'under' },
  limbo: { target: 200 },
  plinko: { rows: 12, risk: 'medium' },
  keno: { picks: [3, 11, 19, 27, 35], risk: 'medium' },
  slot: {},
  mines: { mines: 3 },
};

/** How long a game's animation runs before the next auto bet. */
const settleMs: Record<SeededGameName, number> = {
  dice: 450,
  limbo: 550,
  plinko: 1900,
  keno: 1000,
  slot: 1300,
  mines: 0,
};

const isSeededGame = (value: string | null): value is SeededGameName =>
  value !== null && (seededGames as readonly string[]).includes(value);

/** /inHouse?game=dice (the catalogue's launch address): one seeded in-house game. */
export const InhouseGamePage = () => {
  const [search] = useSearchParams();
  const game = search.get('game');
  const { t } = useTranslation('inhouse');
  if (game === 'crash') return <CrashGamePage />;
  if (!isSeededGame(game)) {
    return (
      <PageFrame title={t('ih_title')}>
        <p>{t('ih_unknown_game')}</p>
        <Link to="/inHouse" className={styles.link}>
          {t('ih_back_to_games')}
        </Link>
      </PageFrame>
    );
  }
  return <SeededGame key={game} game={game} />;
};

const SeededGame = ({ game }: { game: SeededGameName }) => {
  const { t } = useTranslation('inhouse');
  const { t: te } = useTranslation('errors');
  const signedIn = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const games = useInhouseGames();
  const info = games.data?.find((g) => g.game === game);
  const [stake, setStake] = useState('1.00');
  const [choices, setChoices] = useState<Choices>(initialChoices);
  const [round, setRound] = useState<InhouseRound | null>(null);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const [tab, setTab] = useState<GameTab>('history');
  const [auto, setAuto] = useState<{ running: boolean; played: number }>({ running: false, played: 0 });
  const stopRequested = useRef(false);
  const placeBet = usePlaceBet();
  const minesStep = useMinesStep();
  const openMines = useOpenMines(signedIn && game === 'mines');

  // An open mines round survives a reload: the server holds it.
  useEffect(() => {
    if (game === 'mines' && openMines.data) setRound(openMines.data);
  }, [game, openMines.data]);

  const currency = info?.currency ?? 'USD';
  const busy = placeBet.isPending || minesStep.isPending || auto.running;

  const showError = (failure: unknown) => {
    const field = isApiError(failure) ? failure.fieldErrors?.[0] : undefined;
    if (field) {
      setError({ field: field.path, message: te(field.code, field.params ?? {}) });
    } else setError({ field: null, message: te(errorKeyOf(failure)) });
    play('lose');
  };

  const betBody = (): PlaceBet => ({ game, stake, idempotencyKey: newBetKey(), params: choices[game] }) as PlaceBet;

  const bet = async (): Promise<InhouseRound | null> => {
    if (!signedIn) {
      openDialog('login');
      return null;
    }
    setError(null);
    play('bet');
    try {
      const result = await placeBet.mutateAsync(betBody());
      setRound(result);
      if (result.status === 'settled')
        setTimeout(() => play(result.payout === '0.00' ? 'lose' : 'win'), settleMs[game]);
      return result;
    } catch (failure) {
      showError(failure);
      return null;
    }
  };

  const runAuto = async (settings: AutoBetSettings) => {
    stopRequested.current = false;
    setAuto({ running: true, played: 0 });
    let profit = 0n;
    let left = settings.count;
    let played = 0;
    while (!stopRequested.current) {
      const result = await bet();
      if (!result) break;
      played += 1;
      left -= 1;
      profit += minorOf(result.payout, currency) - minorOf(result.stake, currency);
      setAuto({ running: true, played });
      if (shouldStopAutoBet({ roundsLeft: left, profit }, settings)) break;
      await new Promise((resolve) => setTimeout(resolve, settleMs[game]));
    }
    setAuto({ running: false, played });
  };

  const minesAction = async (step: { tile: number } | { cashOut: true }) => {
    if (!round) return;
    setError(null);
    try {
      const result = await minesStep.mutateAsync({ id: round.id, ...step });
      setRound(result);
      if (result.status === 'settled') play(result.payout === '0.00' ? 'lose' : 'win');
      else play('tick');
    } catch (failure) {
      showError(failure);
    }
  };

  const minesOpen = game === 'mines' && round?.game === 'mines' && round.status === 'open';
  const board = (() => {
    switch (game) {
      case 'dice':
        return (
          <DiceBoard
            params={choices.dice}
            onChange={(dice) => setChoices({ ...choices, dice })}
            round={round}
            disabled={busy}
          />
        );
      case 'limbo':
        return (
          <LimboBoard
            target={choices.limbo.target}
            onTarget={(target) => setChoices({ ...choices, limbo: { target } })}
            round={round}
            disabled={busy}
          />
        );
      case 'plinko':
        return (
          <PlinkoBoard
            params={choices.plinko}
            onChange={(plinko) => setChoices({ ...choices, plinko })}
            round={round}
            disabled={busy}
          />
        );
      case 'keno':
        return (
          <KenoBoard
            params={choices.keno}
            onChange={(keno) => setChoices({ ...choices, keno })}
            round={round}
            disabled={busy}
          />
        );
      case 'slot':
        return <SlotBoard round={round} />;
      case 'mines':
        return (
          <MinesBoard
            round={round}
            mines={choices.mines.mines}
            onMines={(mines) => setChoices({ ...choices, mines: { mines } })}
            onReveal={(tile) => void minesAction({ tile })}
            busy={busy}
          />
        );
    }
  })();

  return (
    <PageFrame
      title={t(gameNameKeys[game])}
      eyebrow={t('ih_title')}
      actions={<GameHeaderActions verifyHref="/inHouse/verify" />}
    >
      <div className={styles.gameLayout}>
        <div className={styles.panel}>
          <StakeInput
            value={stake}
            onChange={setStake}
            info={info}
            disabled={busy || minesOpen}
            error={error?.field === 'stake' ? error.message : null}
          />
          {minesOpen ? (
            <button
              type="button"
              className={styles.betButton}
              disabled={busy || (round?.game === 'mines' && round.params.picks.length === 0)}
              onClick={() => void minesAction({ cashOut: true })}
              data-testid="mines-cashout"
            >
              {t('ih_cash_out')} {round ? `${formatMultiplier(round.multiplier)}×` : ''}
            </button>
          ) : (
            <button
              type="button"
              className={styles.betButton}
              disabled={busy}
              onClick={() => void bet()}
              data-testid="place-bet"
            >
              {signedIn ? t('ih_bet') : t('ih_sign_in_to_play')}
            </button>
          )}
          {error && error.field !== 'stake' ? (
            <p className={styles.error} role="alert" data-testid="bet-error">
              {error.message}
            </p>
          ) : null}
          {round && round.status === 'settled' ? (
            <p className={styles.resultLine} data-testid="bet-result" data-win={String(round.payout !== '0.00')}>
              {round.payout !== '0.00'
                ? t('ih_you_won', { payout: round.payout, currency, multiplier: formatMultiplier(round.multiplier) })
                : t('ih_you_lost')}
            </p>
          ) : null}
          {game !== 'mines' && signedIn ? (
            <AutoBetPanel
              running={auto.running}
              played={auto.played}
              currency={currency}
              onStart={(settings) => void runAuto(settings)}
              onStop={() => {
                stopRequested.current = true;
              }}
            />
          ) : null}
        </div>
        <div className={styles.boardPanel}>{board}</div>
      </div>
      <GameTabs tabs={['history', 'rules', 'fairness']} selected={tab} onSelect={setTab} />
      <div className={styles.panel} role="tabpanel">
        {tab === 'history' ? <HistoryStrip game={game} signedIn={signedIn} /> : null}
        {tab === 'rules' ? (
          <RulesPanel game={game} info={info} params={choices[game] as Record<string, unknown>} />
        ) : null}
        {tab === 'fairness' ? <FairnessPanel signedIn={signedIn} /> : null}
      </div>
    </PageFrame>
  );
};
