import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registrationPatternIds } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { loginFailureKeys, loginMethodKeys } from '../features/account/login-history-labels';
import { contractDynamicKeys } from '../features/agent-contracts/contract-labels';
import { agentMenu } from '../features/agents/agent-menu';
import { channelKindKeys, depositStatusKeys } from '../features/cashier/deposit-status';
import {
  confirmationOutcomeKeys,
  payoutFields,
  payoutKindKeys,
  withdrawalStatusKeys,
} from '../features/cashier/withdraw-labels';
import { filterLabelKeys } from '../features/games/components/lobby-filters';
import { pvpLevelKeys } from '../features/games/components/pvp-rooms-dialog';
import { gameTypeLabelKeys } from '../features/games/game-types';
import { statusLabelKeys } from '../features/games/records/betting-record';
import { presetLabelKeys } from '../features/games/records/range-picker';
import { gameNameKeys, gameRulesKeys, riskKeys, slotSymbolKeys } from '../features/inhouse/labels';
import { verifyFieldErrorKeys } from '../features/inhouse/verify-form';
import {
  betTypeKeys,
  betTypeRuleKeys,
  fourDTierKeys,
  positionKeys,
  sideKeys,
  ticketStatusKeys,
  vnTierKeys,
} from '../features/lottery/slip';
import { messageTextKeys } from '../features/messages/message-text';
import {
  boardPeriodKeys,
  boardSwitchKeys,
  goalKeys,
  groupKeys,
  categoryKeys as missionCategoryKeys,
} from '../features/missions/mission-labels';
import { itemKindKeys, pointTypeKeys, redeemStatusKeys } from '../features/points/point-labels';
import {
  actionDoneKeys,
  actionKeys,
  bonusStatusKeys,
  categoryKeys,
  ineligibleReasonKeys,
  kindKeys,
  stateKeys,
} from '../features/promotions/promotion-states';
import { raffleStateKeys } from '../features/promotions/raffle-states';
import { rewardTextKeys } from '../features/promotions/reward-text';
import { optionalFieldLabelKeys, registerModeLabelKeys } from '../features/register/register-plan';
import { verifyMethodLabelKeys } from '../features/session/verify-methods';
import {
  receivedTypeKeys,
  transactionRangeKeys,
  transactionTypeKeys,
  walletLabelKeys,
} from '../features/wallet/transaction-labels';
import { phoneAuthCodes } from '../shared/forms/phone-auth-errors';

const here = path.dirname(fileURLToPath(import.meta.url));
const catalogue = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(here, language, `${namespace}.json`), 'utf8'));

/** Keys the code picks at run time (maps, conditions), which the literal-key check cannot see. */
const chosenKeys: Record<string, readonly string[]> = {
  'agent-contracts': contractDynamicKeys,
  agents: [...agentMenu.map((item) => item.labelKey), 'agent_money_sent_down', 'agent_money_sent_up'],
  money: [
    ...Object.values(depositStatusKeys),
    ...Object.values(channelKindKeys),
    ...Object.values(withdrawalStatusKeys),
    ...Object.values(payoutKindKeys),
    ...Object.values(payoutFields).flatMap((fields) => fields.map((field) => field.labelKey)),
    ...Object.values(confirmationOutcomeKeys),
    ...Object.values(transactionTypeKeys),
    ...Object.values(receivedTypeKeys),
    ...Object.values(transactionRangeKeys),
    ...Object.values(walletLabelKeys),
  ],
  games: [...Object.values(presetLabelKeys), ...Object.values(statusLabelKeys), ...Object.values(pvpLevelKeys)],
  common: [
    ...Object.values(gameTypeLabelKeys),
    ...Object.values(filterLabelKeys),
    ...Object.values(verifyMethodLabelKeys),
    ...Object.values(optionalFieldLabelKeys),
    ...Object.values(registerModeLabelKeys),
    'agent_login',
    'hd_login_button',
    'login_2fa_tips',
    'login_2fa_totp_tips',
    'ga_ver_code',
    'ga_or_recovery_code',
    'after_login_back',
    'after_login_first',
    'after_login_trial',
    'show_password',
    'hide_password',
  ],
  account: [
    ...Object.values(loginMethodKeys),
    ...Object.values(loginFailureKeys),
    ...Object.values(messageTextKeys).flatMap((keys) => [keys.title, keys.body]),
    'login_method_other',
    'login_result_failed',
    'withdraw_current',
    'withdraw_login_password',
    'status_set',
    'status_on',
    'status_off',
    'not_set',
    'change_button',
    'set_button',
    'enable_button',
    'disable_button',
    'label_cancel',
    'label_close',
    'change_pass_success',
    'withdraw_password_saved',
    'two_factor_enabled',
    'two_factor_disabled',
  ],
  inhouse: [
    ...Object.values(gameNameKeys),
    ...Object.values(gameRulesKeys),
    ...Object.values(slotSymbolKeys),
    ...Object.values(riskKeys),
    ...Object.values(verifyFieldErrorKeys),
  ],
  lottery: [
    ...Object.values(betTypeKeys),
    ...Object.values(betTypeRuleKeys),
    ...Object.values(sideKeys),
    ...Object.values(ticketStatusKeys),
    ...positionKeys,
    ...fourDTierKeys,
    ...Object.values(vnTierKeys),
  ],
  promotions: [
    ...Object.values(rewardTextKeys),
    ...Object.values(stateKeys),
    ...Object.values(actionKeys),
    ...Object.values(actionDoneKeys),
    ...Object.values(categoryKeys),
    ...Object.values(ineligibleReasonKeys),
    ...Object.values(kindKeys),
    ...Object.values(bonusStatusKeys),
    ...Object.values(raffleStateKeys),
  ],
  missions: [
    ...Object.values(goalKeys),
    ...Object.values(missionCategoryKeys),
    ...Object.values(groupKeys),
    ...Object.values(boardPeriodKeys),
    ...Object.values(boardSwitchKeys).flat(),
  ],
  points: [...Object.values(pointTypeKeys), ...Object.values(redeemStatusKeys), ...Object.values(itemKindKeys)],
  errors: [
    ...phoneAuthCodes,
    'reset_link_expired',
    'register_closed',
    'captcha_required',
    'must_agree_terms',
    'birthday_under_age',
    'withdraw_password_rule',
    ...registrationPatternIds.flatMap((id) => [`reg_pattern_${id}`, `reg_pattern_${id}_exact`]),
  ],
};

describe('keys chosen at run time', () => {
  it('exist in EN, CN and AR', () => {
    for (const language of ['EN', 'CN', 'AR']) {
      for (const [namespace, keys] of Object.entries(chosenKeys)) {
        const texts = catalogue(language, namespace);
        expect({ language, namespace, missing: keys.filter((key) => !texts[key]) }).toEqual({
          language,
          namespace,
          missing: [],
        });
      }
    }
  });

  it('keep the length placeholders of every registration pattern message in every language', () => {
    for (const language of ['EN', 'CN', 'AR']) {
      const texts = catalogue(language, 'errors');
      for (const id of registrationPatternIds) {
        expect(texts[`reg_pattern_${id}`]).toMatch(/\(min\).*\(max\)/);
        expect(texts[`reg_pattern_${id}_exact`]).toContain('(length)');
      }
    }
  });
});
