export {
  type BetRoundRow,
  createBetsRepository,
  type NewRound,
  type Queryable,
  type RebateRoundFilter,
  type RebateTurnover,
  type RoundKey,
} from './bets.repository';
export { registerBetsRoutes } from './bets.routes';
export { betRounds } from './bets.schema';
export { type BetsService, checkDateRange, createBetsService } from './bets.service';
