import {
  crashPoint,
  hashServerSeed,
  JACKPOT_PROBABILITY_SCALE,
  jackpotDraw,
  jackpotHit,
  playSeededBet,
  type SeededResult,
  verifyGameHash,
} from '@tessera/engines';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { formatHundredths, formatMultiplier } from '../game-logic';
import styles from '../inhouse.module.css';
import { gameNameKeys } from '../labels';
import { betFromChoices, type Choices, choicesFromSearch, defaultChoices, seededGames } from '../verify-form';
import { ChoicesForm } from './verify-choices';

/** The bets' games, crash's chain, and the jackpot's trigger drawn from a bet's seeds (decision 0115). */
const games = [...seededGames, 'crash', 'jackpot'] as const;
const HASH = /^[0-9a-f]{64}$/;
/** A chain check hashes n times in this tab: the length of a whole default chain at most. */
const MAX_CHAIN_CHECK = 100_000;
type VerifiableGame = (typeof games)[number];
const nameKeyOf = (game: VerifiableGame) => (game === 'jackpot' ? 'ih_game_jackpot' : gameNameKeys[game]);
const takesChoices = (game: VerifiableGame): game is (typeof seededGames)[number] =>
  game !== 'crash' && game !== 'jackpot';

const howKeys = { crash: 'ih_verify_how_crash', jackpot: 'ih_verify_how_jackpot', bet: 'ih_verify_how' } as const;

const describeOutcome = (result: SeededResult): string => {
  switch (result.game) {
    case 'dice':
      return (result.outcome.roll / 100).toFixed(2);
    case 'limbo':
      return `${formatHundredths(result.outcome.result)}×`;
    case 'mines':
      return result.outcome.mineTiles.map((tile) => tile + 1).join(', ');
    case 'plinko':
      return `${result.outcome.bounces.join('')} → ${result.outcome.slot}`;
    case 'keno':
      return result.outcome.drawn.join(', ');
    case 'slot':
      return result.outcome.stops.join(' ');
  }
};

/** One labelled text field of the form (trimmed where spaces cannot belong, numeric keyboard where asked). */
const Field = (props: {
  label: string;
  value: string;
  testId: string;
  numeric?: boolean;
  trim?: boolean;
  onChange: (value: string) => void;
}) => (
  <label className={styles.label}>
    {props.label}
    <input
      className={styles.input}
      inputMode={props.numeric ? 'numeric' : undefined}
      value={props.value}
      data-testid={props.testId}
      onChange={(event) => props.onChange(props.trim ? event.target.value.trim() : event.target.value)}
    />
  </label>
);

/**
 * /inHouse/verify: anyone pastes a bet's seeds, nonce and choices (or a crash round's hash and salt) and the
 * outcome is recomputed here, in the browser, by the same engine the server settles with.
 */
export const VerifyPage = () => {
  const { t } = useTranslation('inhouse');
  const [search] = useSearchParams();
  const initialGame = (games as readonly string[]).includes(search.get('game') ?? '')
    ? (search.get('game') as VerifiableGame)
    : 'dice';
  const [game, setGame] = useState<VerifiableGame>(initialGame);
  const [serverSeed, setServerSeed] = useState(search.get('serverSeed') ?? '');
  const [clientSeed, setClientSeed] = useState(search.get('clientSeed') ?? '');
  const [nonce, setNonce] = useState(search.get('nonce') ?? '0');
  const [choices, setChoices] = useState<Choices>(() =>
    takesChoices(initialGame) ? choicesFromSearch(initialGame, search) : {},
  );
  const checked = useMemo(() => (takesChoices(game) ? betFromChoices(game, choices) : null), [game, choices]);
  const [probability, setProbability] = useState(search.get('probability') ?? '');
  const [salt, setSalt] = useState(search.get('salt') ?? '');
  const [terminalHash, setTerminalHash] = useState(search.get('terminalHash') ?? '');
  const [gameNumber, setGameNumber] = useState(search.get('gameNumber') ?? '');

  const verdict = useMemo((): { ok: true; lines: [string, string][] } | { ok: false; error: string } => {
    if (checked !== null && !checked.ok) return { ok: false, error: t('ih_verify_bad_input') };
    if (!serverSeed) return { ok: false, error: game === 'crash' ? t('ih_verify_enter_crash') : t('ih_verify_enter') };
    try {
      if (game === 'crash') {
        const lines: [string, string][] = [[t('ih_crash_point'), `${formatHundredths(crashPoint(serverSeed, salt))}×`]];
        // Hashing forward walks the whole chain prefix: only once both values are complete.
        const n = Number(gameNumber);
        if (HASH.test(terminalHash) && Number.isSafeInteger(n) && n >= 1 && n <= MAX_CHAIN_CHECK) {
          lines.push([t('ih_chain_check', { n }), verifyGameHash(serverSeed, n, terminalHash) ? '✓' : '✗']);
        }
        return { ok: true, lines };
      }
      const nonceValue = Number(nonce);
      if (!Number.isSafeInteger(nonceValue) || nonceValue < 0) return { ok: false, error: t('ih_verify_bad_nonce') };
      if (game === 'jackpot') {
        const ppb = Number(probability);
        if (!/^\d+$/.test(probability) || ppb > JACKPOT_PROBABILITY_SCALE) {
          return { ok: false, error: t('ih_verify_bad_probability', { max: JACKPOT_PROBABILITY_SCALE }) };
        }
        const seeds = { serverSeed, clientSeed, nonce: nonceValue };
        return {
          ok: true,
          lines: [
            [t('ih_server_seed_hash'), hashServerSeed(serverSeed)],
            [t('ih_jackpot_draw'), jackpotDraw(seeds).toString(16).padStart(16, '0')],
            [t('ih_jackpot_hit'), jackpotHit(seeds, ppb) ? '✓' : '✗'],
          ],
        };
      }
      if (checked === null || !checked.ok) return { ok: false, error: t('ih_verify_bad_input') };
      const result = playSeededBet({ serverSeed, clientSeed, nonce: nonceValue }, checked.bet);
      return {
        ok: true,
        lines: [
          [t('ih_server_seed_hash'), hashServerSeed(serverSeed)],
          [t('ih_outcome'), describeOutcome(result)],
          [t('ih_multiplier'), `${formatMultiplier(result.multiplier)}×`],
        ],
      };
    } catch {
      return { ok: false, error: t('ih_verify_bad_input') };
    }
  }, [game, checked, serverSeed, clientSeed, nonce, probability, salt, terminalHash, gameNumber, t]);

  return (
    <PageFrame title={t('ih_verifier')} eyebrow={t('ih_title')}>
      <div className={styles.gameLayout}>
        <form className={styles.panel} onSubmit={(event) => event.preventDefault()}>
          <p className={styles.hint}>{t('ih_verify_intro')}</p>
          <label className={styles.label}>
            {t('ih_game')}
            <select
              className={styles.select}
              value={game}
              data-testid="verify-game"
              onChange={(event) => {
                const next = event.target.value as VerifiableGame;
                setGame(next);
                setChoices(takesChoices(next) ? defaultChoices[next] : {});
              }}
            >
              {games.map((g) => (
                <option key={g} value={g}>
                  {t(nameKeyOf(g))}
                </option>
              ))}
            </select>
          </label>
          <Field
            label={game === 'crash' ? t('ih_game_hash') : t('ih_server_seed')}
            value={serverSeed}
            testId="verify-server-seed"
            trim
            onChange={setServerSeed}
          />
          {game === 'crash' ? (
            <>
              <Field label={t('ih_salt')} value={salt} testId="verify-salt" onChange={setSalt} />
              <Field
                label={t('ih_terminal_hash')}
                value={terminalHash}
                testId="verify-terminal-hash"
                trim
                onChange={setTerminalHash}
              />
              <Field
                label={t('ih_game_number')}
                value={gameNumber}
                testId="verify-game-number"
                numeric
                trim
                onChange={setGameNumber}
              />
            </>
          ) : (
            <>
              <Field
                label={t('ih_client_seed')}
                value={clientSeed}
                testId="verify-client-seed"
                onChange={setClientSeed}
              />
              <Field label={t('ih_nonce')} value={nonce} testId="verify-nonce" numeric onChange={setNonce} />
              {game === 'jackpot' ? (
                <Field
                  label={t('ih_jackpot_probability')}
                  value={probability}
                  testId="verify-probability"
                  numeric
                  trim
                  onChange={setProbability}
                />
              ) : (
                <ChoicesForm
                  game={game}
                  choices={choices}
                  errors={checked?.ok === false ? checked.errors : {}}
                  onChange={setChoices}
                />
              )}
            </>
          )}
        </form>
        <div className={styles.panel} aria-live="polite">
          {verdict.ok ? (
            <dl className={styles.facts} data-testid="verify-result">
              {verdict.lines.map(([label, value]) => (
                <div key={label} className={styles.factRow}>
                  <dt>{label}</dt>
                  <dd className={styles.mono}>
                    <bdi>{value}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className={styles.hint}>{verdict.error}</p>
          )}
          <p className={styles.hint}>{t(howKeys[game === 'crash' || game === 'jackpot' ? game : 'bet'])}</p>
        </div>
      </div>
    </PageFrame>
  );
};
