import {
  drawTimeOfMinute,
  formatMinor,
  fourDBetTypes,
  isVnKind,
  type LotteryAnyBetType,
  type LotteryBetType,
  type LotteryDraw,
  type LotteryGame,
  type LotteryTicket,
  type LottoPrizeMode,
  lotteryBetTypes,
} from '@tessera/contracts';
import {
  type FiveDigitBetType,
  type Fraction,
  fiveDigitBetTypeRtp,
  fourDRtp,
  fourDTiers,
  vnBetTypes,
  vnRtp,
} from '@tessera/engines';
import type { DrawRow, GameRow, TicketRow } from './lottery.repository';
import { fourDOddsOfGame, oddsInMode, oddsOfGame, timeZoneOf, vnOddsOfGame, vnRegionOf } from './lottery.service';

/** A multiplier in hundredths as the wire's decimal ("9.75"). */
export const presentOdds = (hundredths: number): string =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

/** An exact fraction as a percentage with four decimals, rounded down ("97.5000"). */
export const presentPercent = (value: Fraction): string => {
  const scaled = (value.numerator * 1_000_000n) / value.denominator;
  return `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}`;
};

/** A draw as the public sees it: the seed only once the numbers are out (or the draw was cancelled). */
export const presentDraw = (draw: DrawRow): LotteryDraw => ({
  id: draw.id.toString(),
  gameCode: draw.gameCode,
  drawNo: draw.drawNo,
  status: draw.status,
  opensAt: draw.opensAt.toISOString(),
  closesAt: draw.closesAt.toISOString(),
  drawAt: draw.drawAt.toISOString(),
  seedHash: draw.seedHash,
  beacon: draw.beacon,
  serverSeed: draw.status === 'open' ? null : draw.serverSeed,
  numbers: draw.numbers,
  drawnAt: draw.drawnAt?.toISOString() ?? null,
});

/** A game's bet types with the odds of one prize mode (decision 0159) and their exact returns. */
export const presentBetTypes = (game: GameRow, mode: LottoPrizeMode): LotteryGame['betTypes'] => {
  const stored = oddsInMode(game, mode);
  if (game.kind === 'four_d') {
    const fourD = fourDOddsOfGame(stored);
    return fourDBetTypes.map((betType) => {
      const rtp = presentPercent(fourDRtp(fourD, betType));
      return { betType, odds: fourDTiers.map((tier) => presentOdds(fourD[betType][tier])), rtpMin: rtp, rtpMax: rtp };
    });
  }
  const { kind } = game;
  if (isVnKind(kind)) {
    // One multiplier per bet type (lô: per number of the draw ending in the pair); the exact return (decision 0101).
    const vn = vnOddsOfGame(kind, stored);
    return vnBetTypes.map((betType) => {
      const rtp = presentPercent(vnRtp(vnRegionOf(kind), betType, vn[betType]));
      return { betType, odds: [presentOdds(vn[betType])], rtpMin: rtp, rtpMax: rtp };
    });
  }
  const odds = oddsOfGame(stored);
  return lotteryBetTypes.map((betType: LotteryBetType) => {
    const rtp = fiveDigitBetTypeRtp(odds, betType as FiveDigitBetType);
    return {
      betType,
      odds: (betType === 'sum' ? odds.sum : [odds.flat[betType]]).map(presentOdds),
      rtpMin: presentPercent(rtp.min),
      rtpMax: presentPercent(rtp.max),
    };
  });
};

export const nameOf = (game: GameRow, language: string | null): string =>
  game.names[language ?? 'EN'] ?? game.names.EN ?? game.code;

export const presentGameSettings = (
  game: GameRow,
  currency: string,
  language: string | null,
  mode: LottoPrizeMode,
) => ({
  code: game.code,
  name: nameOf(game, language),
  kind: game.kind,
  intervalSeconds: game.intervalSeconds,
  drawTime: game.drawMinute === null ? null : drawTimeOfMinute(game.drawMinute),
  timeZone: timeZoneOf(game),
  closeSeconds: game.closeSeconds,
  currency,
  minStake: formatMinor(game.minStake, currency),
  maxStake: formatMinor(game.maxStake, currency),
  maxPayout: formatMinor(game.maxPayout, currency),
  prizeMode: mode,
  betTypes: presentBetTypes(game, mode),
});

export const presentTicket = (ticket: TicketRow): LotteryTicket => ({
  id: ticket.id,
  gameCode: ticket.gameCode,
  drawNo: ticket.drawNo,
  betType: ticket.betType as LotteryAnyBetType,
  position: ticket.position,
  numbers: ticket.numbers,
  side: ticket.side as LotteryTicket['side'],
  stake: formatMinor(ticket.stake, ticket.currency),
  odds: presentOdds(ticket.odds),
  tierOdds: ticket.tierOdds?.map(presentOdds) ?? null,
  status: ticket.status,
  payout: formatMinor(ticket.payout, ticket.currency),
  currency: ticket.currency,
  createdAt: ticket.createdAt.toISOString(),
  settledAt: ticket.settledAt?.toISOString() ?? null,
  drawNumbers: ticket.drawNumbers,
});
