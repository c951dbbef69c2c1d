/**
 * The one error catalogue. Every failure that crosses the wire carries one of these codes; the code is also
 * the i18n key the browsers translate. `status` is the HTTP status the server answers with.
 */
export const errorCatalogue = {
  // Request shape and transport
  validation_failed: { status: 400 },
  malformed_json: { status: 400 },
  unsupported_media_type: { status: 415 },
  payload_too_large: { status: 413 },
  request_param_err: { status: 400 },
  module_id_required: { status: 400 },
  module_id_unknown: { status: 400 },
  not_found: { status: 404 },
  method_not_allowed: { status: 405 },
  too_many_requests: { status: 429 },
  // Sealed ("(enc)") payloads
  request_body_required: { status: 400 },
  request_body_invalid: { status: 400 },
  request_key_expired: { status: 400 },
  request_expired: { status: 400 },
  request_replayed: { status: 409 },
  // Merchant and site state
  merchant_unknown: { status: 400 },
  merchant_disabled: { status: 403 },
  domain_check_failed: { status: 400 },
  'function.not.available': { status: 403 },
  maintenance: { status: 503 },
  blockip: { status: 403 },
  game_maintenance: { status: 503 },
  // Sessions and roles
  'login.not.session': { status: 401 },
  in_need_true_account: { status: 403 },
  error_not_agent: { status: 403 },
  member_no_enter: { status: 403 },
  forbidden: { status: 403 },
  login_failed: { status: 401 },
  login_verify_required: { status: 403 },
  account_locked: { status: 423 },
  captcha_required: { status: 400 },
  captcha_invalid: { status: 400 },
  bot_check_failed: { status: 400 },
  invitation_code_error: { status: 400 },
  /** The code's agent is frozen: no registration through it until an operator unfreezes it (decision 0089). */
  invitation_code_suspended: { status: 400 },
  verification_code_invalid: { status: 400 },
  verification_code_expired: { status: 400 },
  sms_too_frequent: { status: 429 },
  /** A recipient's hourly cap on codes is used up. */
  sms_quota_exceeded: { status: 429 },
  username_taken: { status: 409 },
  mobile_taken: { status: 409 },
  // Operators
  operator_login_failed: { status: 401 },
  operator_locked: { status: 423 },
  // General
  unknown_error: { status: 500 },
  in_network_again: { status: 503 },
  timeout_retry_please: { status: 504 },
  conflict: { status: 409 },
  // Content
  image_invalid: { status: 400 },
  image_too_large: { status: 413 },
  /** An uploaded file with no bytes at all. */
  image_empty: { status: 400 },
  /** A picture of a kind that is not accepted (gif, svg, webp, bmp): only png and jpeg are. */
  image_type_not_allowed: { status: 415 },
  /** The chat conversation is resolved: nothing more is added to it. */
  chat_closed: { status: 409 },
  /** A chat room's slow mode: the member's next message may go in `value.retryAfterSeconds` (decision 0164). */
  chat_room_slow_mode: { status: 429 },
  /** An operator muted the member in the merchant's chat rooms (`value.mutedUntil`, null: until lifted). */
  chat_room_muted: { status: 403 },
  // Social sign-in (decision 0165)
  'auth/popup-closed-by-user': { status: 400 },
  social_sign_in_state_invalid: { status: 400 },
  social_sign_in_nonce_invalid: { status: 400 },
  social_sign_in_issuer_invalid: { status: 400 },
  social_sign_in_code_invalid: { status: 400 },
  social_sign_in_already_linked: { status: 409 },
  social_sign_in_provider_unavailable: { status: 502 },
  /** Telegram's login data does not carry this merchant's bot's signature (decision 0173). */
  social_sign_in_telegram_signature_invalid: { status: 400 },
  /** Telegram's login data is older than a day (or dated in the future). */
  social_sign_in_telegram_expired: { status: 400 },
  /** Telegram's signed login data was already used once. */
  social_sign_in_telegram_replayed: { status: 409 },
  /** The merchant has not enabled Telegram login (or turned it off). */
  social_sign_in_telegram_disabled: { status: 403 },
  // Money
  idempotency_conflict: { status: 409 },
  insufficient_funds: { status: 400 },
  hold_already_settled: { status: 409 },
  order_state_invalid: { status: 409 },
  payment_gateway_unavailable: { status: 502 },
  withdraw_password_not_set: { status: 400 },
  withdrawal_daily_limit: { status: 400 },
  /** The withdrawal is no longer pending (an operator approved, paid or rejected it): it cannot be cancelled. */
  withdrawal_not_cancellable: { status: 409 },
  payout_method_limit: { status: 400 },
  no_upline: { status: 403 },
  upload_too_many: { status: 400 },
  proof_required: { status: 400 },
  // Games and the seamless wallet (docs/seamless-wallet.md)
  free_play_unavailable: { status: 403 },
  date_range_invalid: { status: 400 },
  provider_signature_invalid: { status: 401 },
  game_token_invalid: { status: 401 },
  round_not_found: { status: 404 },
  bet_not_found: { status: 404 },
  round_already_settled: { status: 409 },
  /** A resettlement of a round that is not settled (still open, or rolled back). */
  round_not_settled: { status: 409 },
  bet_rolled_back: { status: 409 },
  currency_mismatch: { status: 400 },
  lottery_game_unknown: { status: 404 },
  lottery_unavailable: { status: 403 },
  // Responsible gaming (issue 31): a debit refused by the guard inside the ledger, nothing written
  /** The stake or deposit would take the member past one of its limits (`value`: kind and period). */
  responsible_gaming_limit: { status: 403 },
  /** The member is on a break or self-excluded (on this merchant or, by its choice, every merchant). */
  responsible_gaming_blocked: { status: 403 },
  /** A raise or removal of a limit confirmed before its 24 hours passed, or with none pending. */
  responsible_gaming_cooling: { status: 409 },
  /**
   * The member's session-time limit is reached (decision 0069): the session is ended, and sign-in is refused until
   * the period turns (`value`: period and `resumesAt`).
   */
  responsible_gaming_session_limit: { status: 403 },
  /** A reality-check answer sent when no reality check is due (nothing recorded). */
  reality_check_not_due: { status: 409 },
  /**
   * A withdrawal above the threshold of the member's identity tier (decision 0102): nothing held; `value` names the
   * tier it needs (`basic` or `full`) and the threshold of the member's tier.
   */
  kyc_tier_required: { status: 403 },
  /** Documents sent before the basic identity details, or while a submission already awaits review. */
  kyc_state_invalid: { status: 409 },
  // In-house games
  inhouse_round_open: { status: 409 },
  inhouse_round_closed: { status: 409 },
  inhouse_tile_taken: { status: 409 },
  mines_pick_first: { status: 409 },
  inhouse_payout_above_maximum: { status: 400 },
  crash_betting_closed: { status: 409 },
  crash_bet_exists: { status: 409 },
  crash_no_open_bet: { status: 409 },
  // Promotions
  /** Collecting now would pay less than the merchant's minimum (or nothing): nothing was marked or paid. */
  rebate_below_minimum: { status: 400 },
  /** The reward centre: the reward was claimed before (by this or a concurrent request). */
  reward_already_claimed: { status: 409 },
  // Promotions and the bonus wallet (issue 28): each refusal grants nothing
  /** A withdrawal while a bonus's wagering requirement is open, on a merchant that refuses it. */
  bonus_wagering_open: { status: 409 },
  /** A withdrawal while a bonus is open, on a merchant that forfeits it: send again with forfeitBonus to confirm. */
  bonus_forfeit_confirm: { status: 409 },
  promotion_not_open: { status: 409 },
  promotion_already_joined: { status: 409 },
  promotion_not_eligible: { status: 403 },
  promotion_not_claimable: { status: 409 },
  /** The promotion is joined, claimed or applied for another way (e.g. claiming a deposit promotion). */
  promotion_wrong_action: { status: 400 },
  promotion_application_decided: { status: 409 },
  /** Approving an application whose member is no longer eligible (value: reason; decision 0142): nothing granted. */
  promotion_application_ineligible: { status: 409 },
  /** The editor may not change a promotion's kind or currency once members took part. */
  promotion_in_use: { status: 409 },
  // Red envelopes created by operators (decision 0098): each refusal pays nothing
  red_envelope_not_started: { status: 409 },
  red_envelope_ended: { status: 409 },
  /** The member already holds a share of this envelope (once per member, whatever the concurrency). */
  red_envelope_already_claimed: { status: 409 },
  /** Every share is taken. */
  red_envelope_empty: { status: 409 },
  /** The editor may not change an envelope's total or shares: they were split at creation. */
  red_envelope_split_fixed: { status: 409 },
  // Raffles (decision 0122): each refusal changes nothing
  /** No such raffle for this merchant (unknown id or another merchant's: the same answer). */
  raffle_not_found: { status: 404 },
  raffle_not_started: { status: 409 },
  /** The ticket window is over: nobody may join any more. */
  raffle_ended: { status: 409 },
  raffle_already_joined: { status: 409 },
  // Promotions: the VIP programme's levels (back office)
  vip_level_not_last: { status: 409 },
  // Agents (issue 24)
  agent_already: { status: 409 },
  agent_application_pending: { status: 409 },
  agent_application_decided: { status: 409 },
  agent_move_cycle: { status: 400 },
  agent_tree_too_deep: { status: 400 },
  // Agent money (decision 0075): each refusal moves nothing.
  /** An operator froze the agent: it cannot transfer or create downlines. */
  agent_frozen: { status: 403 },
  /** The merchant does not let agents transfer to their downline. */
  agent_transfer_off: { status: 403 },
  /** The merchant lets agents transfer to their direct downline only. */
  agent_transfer_direct_only: { status: 403 },
  /** The merchant does not let agents transfer to their upline. */
  agent_transfer_up_off: { status: 403 },
  /** The merchant does not let agents create downline agents. */
  agent_create_agents_off: { status: 403 },
  /** A red envelope smaller than one minor unit per recipient. */
  red_envelope_too_small: { status: 400 },
  /** Raffle editor (decision 0122): the ticket window already ended. */
  raffle_window_past: { status: 400 },
  /** Raffle editor: the draw must come at or after the ticket window's end. */
  raffle_draw_before_close: { status: 400 },
  /** Raffle editor: neither deposits nor valid bets earn tickets. */
  raffle_no_ticket_rule: { status: 400 },
  /** Raffle editor: at least one prize. */
  raffle_prizes_required: { status: 400 },
  // Agent rates (decision 0090)
  /** An agent sets the rates of its direct downline agents only. */
  agent_rates_direct_only: { status: 403 },
  /** Rates are an agent's: the downline member is no agent. */
  agent_downline_not_agent: { status: 400 },
  /** A rate above the caller's own rate of the category (a field code, params.max). */
  agent_rate_above_own: { status: 400 },
  /** An operator's rate for an agent above its upline agent's rate of the category (a field code, params.max; decision 0099). */
  agent_rate_above_upline: { status: 400 },
  // Agent contracts (issue 25): each refusal has its own code; nothing changed.
  /** The member is not in the caller's direct downline (offers go one level down only). */
  contract_not_downline: { status: 403 },
  /** The offer was accepted, rejected or withdrawn before. */
  contract_already_decided: { status: 409 },
  /** The downline gives its own downline a higher rate: confirm (`confirmHigherRate`) to end those contracts. */
  contract_higher_rate: { status: 409 },
  /** A rate above the upline's own contract of the kind. */
  contract_rate_above_upline: { status: 400 },
  /** A rate above the merchant's maximum for the kind (its contract settings). */
  contract_rate_above_max: { status: 400 },
  /** The merchant does not allow this kind, or the upline has no contract of it to share. */
  contract_kind_not_allowed: { status: 403 },
  /** An offer of this kind to this downline is already waiting. */
  contract_offer_pending: { status: 409 },
  /** The contract is of another kind than the endpoint's. */
  contract_wrong_kind: { status: 400 },
  /** The contract has ended (or was never running). */
  contract_not_active: { status: 409 },
  /** A settled run whose statement is paid (or owed nothing) is not run again. */
  contract_run_settled: { status: 409 },
  // Points (issue 27): each refusal of a redemption, conversion or adjustment has its own code; nothing changed.
  points_insufficient: { status: 400 },
  points_out_of_stock: { status: 409 },
  points_limit_reached: { status: 400 },
  points_item_unavailable: { status: 404 },
  points_convert_off: { status: 403 },
  /** The merchant does not sell points for cash ("get points by cash" off). */
  points_buy_off: { status: 403 },
  // Missions (issue 28): a refused claim pays nothing.
  mission_not_found: { status: 404 },
  mission_not_complete: { status: 409 },
  mission_already_claimed: { status: 409 },
  /** The editor may not change a mission's kind or period once members took part. */
  mission_in_use: { status: 409 },
  // Reports (issue 26)
  report_export_not_ready: { status: 409 },
  /** A rebuild of the merchant's report rollups is already queued or running (decision 0129). */
  report_rebuild_running: { status: 409 },
  // Lottery (issue 29): a refused ticket or draw change holds, pays and changes nothing.
  /** The draw no longer takes bets (closed, drawn, cancelled) or is not the one taking bets now. */
  lottery_betting_closed: { status: 409 },
  lottery_bet_type_unknown: { status: 400 },
  lottery_selection_invalid: { status: 400 },
  lottery_stake_out_of_limits: { status: 400 },
  /** Cancelling a draw already drawn, settled or cancelled. */
  lottery_draw_not_cancellable: { status: 409 },
  // Operators' messages to members (decision 0121)
  /** Cancelling a message already sent or cancelled. */
  broadcast_not_scheduled: { status: 409 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: string): code is ErrorCode => Object.hasOwn(errorCatalogue, code);

/**
 * Codes a single form field can fail with. The browser shows the translation under the field, with `params`
 * substituted (for example `{ min, max }`).
 */
export const fieldErrorCodes = [
  'not_empty',
  'field_invalid',
  'field_too_short',
  'field_too_long',
  'field_too_small',
  'field_too_large',
  'field_not_allowed',
  'field_unknown',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

/** Field codes the accounts endpoints send besides the general ones; the member site translates every one. */
export const accountFieldErrorCodes = [
  'error_password',
  'password_too_common',
  'password_same_as_old',
  'inconsistent_twice',
  'must_agree_terms',
  'birthday_under_age',
  'referral_code_invalid',
  'invitation_code_error',
  'invitation_code_suspended',
  'withdraw_password_rule',
  'withdraw_password_same_as_login',
  'in_payeeName_error',
  'in_mobileNum_error',
  'enter_verification_code',
  'verification_code_invalid',
  'verification_code_expired',
  'bot_check_required',
  'bot_check_failed',
  'mobile_taken',
  'username_taken',
  'amount_not_numeric',
  'amount_not_positive',
  'amount_too_precise',
  'amount_too_large',
  'amount_below_minimum',
  'amount_above_maximum',
  'error_withdraw_password',
  'crypto_address_invalid',
  'insufficient_funds',
  'proof_required',
  'contract_rate_invalid',
  'contract_tiers_out_of_order',
  'contract_too_many_tiers',
  'contract_period_invalid',
  'chat_handle_invalid',
  'chat_handle_taken',
  'chat_app_already_linked',
] as const;
