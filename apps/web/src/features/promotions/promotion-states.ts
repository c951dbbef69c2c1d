import type { ActivityState, BonusStatus, MemberPromotion, PromotionCategory, PromotionKind } from '@tessera/contracts';
import { isApiError } from '../../shared/api/api-error';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

/**
 * What the member's one button does in a state: join a deposit or turnover promotion, claim, apply, or withdraw an
 * application that waits for review (the member's ticket, decision 0146).
 */
export type PromotionAction = 'join' | 'claim' | 'apply' | 'link' | 'withdraw';

/**
 * The one action a promotion's activity state allows (spec section 4): `join` reads "apply" for a promotion an
 * operator reviews, `claim` claims; every other state is a label only.
 */
export const actionOf = (promotion: Pick<MemberPromotion, 'state' | 'kind'>): PromotionAction | null => {
  if (promotion.state === 'claim') return 'claim';
  // A chat-app link an operator rejected is linked again, with another handle (decision 0151).
  if (promotion.kind === 'chat_app')
    return promotion.state === 'join' || promotion.state === 'rejected' ? 'link' : null;
  if (promotion.state !== 'join') return null;
  return promotion.kind === 'application' ? 'apply' : 'join';
};

/** The second action beside a state's label: an application waiting for review (it has a ticket) is withdrawn. */
export const sideActionOf = (promotion: Pick<MemberPromotion, 'state' | 'ticketId'>): PromotionAction | null =>
  promotion.state === 'applying' && promotion.ticketId !== null ? 'withdraw' : null;

/** i18n keys (promotions namespace) of the ten activity states' labels. */
export const stateKeys: Readonly<Record<ActivityState, string>> = {
  join: 'promo_state_join',
  claim: 'promo_state_claim',
  applying: 'promo_state_applying',
  closed: 'promo_state_closed',
  rejected: 'promo_state_rejected',
  issued: 'promo_state_issued',
  claimed: 'promo_state_claimed',
  in_process: 'promo_state_in_process',
  joined: 'promo_state_joined',
  coming_soon: 'promo_state_coming_soon',
};

const stateTones: Readonly<Record<ActivityState, BadgeTone>> = {
  join: 'info',
  claim: 'info',
  applying: 'warning',
  in_process: 'warning',
  joined: 'warning',
  issued: 'success',
  claimed: 'success',
  rejected: 'danger',
  closed: 'neutral',
  coming_soon: 'neutral',
};

export const stateToneOf = (state: ActivityState): BadgeTone => stateTones[state];

export const actionKeys: Readonly<Record<PromotionAction, string>> = {
  join: 'promo_action_join',
  claim: 'promo_action_claim',
  apply: 'promo_action_apply',
  link: 'promo_action_link',
  withdraw: 'promo_action_withdraw',
};

/** What the page says once an action succeeded. */
export const actionDoneKeys: Readonly<Record<PromotionAction, string>> = {
  join: 'promo_joined_note',
  claim: 'promo_claimed_note',
  apply: 'promo_applied_note',
  link: 'promo_linked_note',
  withdraw: 'promo_withdrawn_note',
};

/** The list's tabs: every promotion, then each category. */
export const categoryKeys: Readonly<Record<PromotionCategory | 'all', string>> = {
  all: 'promo_category_all',
  newbie: 'promo_category_newbie',
  limited: 'promo_category_limited',
  special: 'promo_category_special',
  daily: 'promo_category_daily',
  vip: 'promo_category_vip',
};

/** Why the member cannot take part (the server's `ineligibleReason` codes). */
export const ineligibleReasonKeys: Readonly<Record<string, string>> = {
  promotion_reason_trial: 'promotion_reason_trial',
  promotion_reason_currency: 'promotion_reason_currency',
  promotion_reason_new_members: 'promotion_reason_new_members',
  promotion_reason_vip: 'promotion_reason_vip',
  promotion_reason_deposited: 'promotion_reason_deposited',
  promotion_reason_region: 'promotion_reason_region',
  red_envelope_reason_region: 'red_envelope_reason_region',
};

/** The reason key a refusal (`promotion_not_eligible`) carries in its value, when it is one the site translates. */
export const refusalReasonKeyOf = (error: unknown): string | null => {
  const value = isApiError(error) ? error.value : null;
  if (typeof value !== 'object' || value === null || !('reason' in value) || typeof value.reason !== 'string') {
    return null;
  }
  return ineligibleReasonKeys[value.reason] ?? null;
};

/** How the reward is earned, by kind (the card's one line under the title). */
export const kindKeys: Readonly<Record<PromotionKind, string>> = {
  first_deposit: 'promo_kind_first_deposit',
  reload_deposit: 'promo_kind_reload_deposit',
  registration: 'promo_kind_registration',
  daily_login: 'promo_kind_daily_login',
  turnover_challenge: 'promo_kind_turnover_challenge',
  application: 'promo_kind_application',
  chat_app: 'promo_kind_chat_app',
};

export const bonusStatusKeys: Readonly<Record<BonusStatus, string>> = {
  active: 'bonus_status_active',
  released: 'bonus_status_released',
  forfeited: 'bonus_status_forfeited',
  expired: 'bonus_status_expired',
};

const bonusTones: Readonly<Record<BonusStatus, BadgeTone>> = {
  active: 'info',
  released: 'success',
  forfeited: 'danger',
  expired: 'neutral',
};

export const bonusToneOf = (status: BonusStatus): BadgeTone => bonusTones[status];
