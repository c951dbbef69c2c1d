import {
  type MemberTransactionType,
  memberTransactionTypes,
  type SeamlessPromoReason,
  seamlessPromoReasons,
  type TransactionRange,
} from '@tessera/contracts';

/** i18n keys (money namespace) of the account record's transaction types. */
export const transactionTypeKeys: Record<MemberTransactionType, string> = {
  deposit: 'txn_type_deposit',
  withdrawal: 'txn_type_withdrawal',
  adjustment: 'txn_type_adjustment',
  transfer_upline: 'txn_type_transfer_upline',
  transfer_downline: 'txn_type_transfer_downline',
  agent_red_envelope: 'txn_type_agent_red_envelope',
  wallet_transfer: 'txn_type_wallet_transfer',
  rebate: 'txn_type_rebate',
  reward: 'txn_type_reward',
  points_redeem: 'txn_type_points_redeem',
  points_convert: 'txn_type_points_convert',
  points_buy: 'txn_type_points_buy',
  mission_reward: 'txn_type_mission_reward',
  jackpot_win: 'txn_type_jackpot_win',
  raffle_prize: 'txn_type_raffle_prize',
  game_bet: 'txn_type_game_bet',
  game_win: 'txn_type_game_win',
  game_cashout: 'txn_type_game_cashout',
  game_rollback: 'txn_type_game_rollback',
  game_tip: 'txn_type_game_tip',
  game_resettle: 'txn_type_game_resettle',
  game_promo: 'txn_type_game_promo',
  'inhouse.stake': 'txn_type_inhouse_stake',
  'inhouse.payout': 'txn_type_inhouse_payout',
  'inhouse.refund': 'txn_type_inhouse_refund',
};

/** Types whose receiving side reads differently (money from a downline, from the upline, an envelope received). */
export const receivedTypeKeys: Partial<Record<MemberTransactionType, string>> = {
  transfer_upline: 'txn_type_transfer_from_downline',
  transfer_downline: 'txn_type_transfer_from_upline',
  agent_red_envelope: 'txn_type_agent_red_envelope_received',
};

/** i18n keys (money namespace) of the reasons a game provider gives for a promotional win (decision 0126). */
export const promoReasonKeys: Record<SeamlessPromoReason, string> = {
  tournament: 'txn_promo_reason_tournament',
  free_spins: 'txn_promo_reason_free_spins',
  prize_drop: 'txn_promo_reason_prize_drop',
  other: 'txn_promo_reason_other',
};

/** The reason of a promotional win, from its reference `{provider}:{reason}:{campaignId}`; null when it has none. */
export const promoReasonOf = (reference: string | null): SeamlessPromoReason | null => {
  const reason = reference?.split(':')[1];
  return seamlessPromoReasons.find((candidate) => candidate === reason) ?? null;
};

export const isKnownTransactionType = (type: string): type is MemberTransactionType =>
  (memberTransactionTypes as readonly string[]).includes(type);

/** The date ranges of spec section 9 (past 7 and 30 days), and today. */
export const transactionRangeKeys: Record<TransactionRange, string> = {
  today: 'range_today',
  '7d': 'range_7d',
  '30d': 'range_30d',
};

/** Wallet names the record shows; a game wallet shows its own code. */
export const walletLabelKeys: Record<string, string> = { main: 'wallet_main', bonus: 'wallet_bonus' };
