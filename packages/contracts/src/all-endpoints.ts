import { accountEndpoints } from './account';
import { adminEndpoints } from './admin';
import { adminAgentContractEndpoints, agentContractEndpoints } from './agent-contracts';
import {
  adminAgentEndpoints,
  adminAgentMoneyEndpoints,
  agentEndpoints,
  agentMoneyEndpoints,
  agentTeamEndpoints,
} from './agents';
import { adminBonusesEndpoints, bonusesEndpoints } from './bonuses';
import { cashierEndpoints } from './cashier';
import { adminCashierEndpoints } from './cashier-admin';
import { adminChatRoomEndpoints, chatRoomEndpoints } from './chat-rooms';
import {
  adminCannedReplyEndpoints,
  adminChatEndpoints,
  adminContactEndpoints,
  chatEndpoints,
  chatVisitorEndpoints,
  contactEndpoints,
} from './contact';
import { adminContentEndpoints, contentEndpoints } from './content';
import { crashEndpoints } from './crash';
import type { EndpointDef } from './endpoint';
import { adminEventsEndpoints } from './events-admin';
import { adminGamesEndpoints, betsEndpoints, gamesEndpoints } from './games';
import { inhouseEndpoints } from './inhouse';
import { adminInhouseEndpoints } from './inhouse-admin';
import { adminJackpotEndpoints, jackpotEndpoints } from './jackpot';
import { adminLotteryEndpoints, lotteryEndpoints } from './lottery';
import { adminMembersEndpoints } from './members-admin';
import { messagesEndpoints } from './messages';
import { adminMessagesEndpoints } from './messages-admin';
import { missionEndpoints } from './missions';
import { adminMissionEndpoints } from './missions-admin';
import { adminPointEndpoints, pointEndpoints } from './points';
import { adminPromotionsEndpoints, promotionsEndpoints } from './promotions';
import { adminRafflesEndpoints, rafflesEndpoints } from './promotions-raffles';
import { adminRebateEndpoints, rebateEndpoints } from './promotions-rebate';
import { adminRedEnvelopesEndpoints, redEnvelopesEndpoints } from './promotions-red-envelopes';
import { adminReferralEndpoints, referralEndpoints } from './promotions-referral';
import { adminRewardsEndpoints, rewardsEndpoints } from './promotions-rewards';
import { vipEndpoints } from './promotions-vip';
import { adminVipEndpoints } from './promotions-vip-admin';
import { registerEndpoints } from './register';
import { adminReportsEndpoints } from './reports';
import { responsibleGamingEndpoints } from './responsible-gaming';
import { adminSeamlessEndpoints } from './seamless';
import { memberEndpoints, sessionEndpoints } from './session';
import { adminSocialSignInEndpoints, socialSignInEndpoints } from './social-sign-in';
import { systemEndpoints } from './system';
import { adminVerificationEndpoints } from './verification-admin';
import { walletEndpoints } from './wallet';
import { withdrawalEndpoints } from './withdrawals';

/** Every endpoint of the platform; the server registers these and /api/docs lists them. */
export const allEndpoints: readonly EndpointDef[] = [
  ...Object.values(systemEndpoints),
  ...Object.values(sessionEndpoints),
  ...Object.values(memberEndpoints),
  ...Object.values(registerEndpoints),
  ...Object.values(accountEndpoints),
  ...Object.values(walletEndpoints),
  ...Object.values(cashierEndpoints),
  ...Object.values(withdrawalEndpoints),
  ...Object.values(responsibleGamingEndpoints),
  ...Object.values(messagesEndpoints),
  ...Object.values(adminMessagesEndpoints),
  ...Object.values(contentEndpoints),
  ...Object.values(inhouseEndpoints),
  ...Object.values(crashEndpoints),
  ...Object.values(rebateEndpoints),
  ...Object.values(adminEndpoints),
  ...Object.values(adminMembersEndpoints),
  ...Object.values(adminVerificationEndpoints),
  ...Object.values(adminContentEndpoints),
  ...Object.values(adminCashierEndpoints),
  ...Object.values(adminInhouseEndpoints),
  ...Object.values(adminEventsEndpoints),
  ...Object.values(adminSeamlessEndpoints),
  ...Object.values(adminRebateEndpoints),
  ...Object.values(gamesEndpoints),
  ...Object.values(betsEndpoints),
  ...Object.values(adminGamesEndpoints),
  ...Object.values(rewardsEndpoints),
  ...Object.values(bonusesEndpoints),
  ...Object.values(adminBonusesEndpoints),
  ...Object.values(promotionsEndpoints),
  ...Object.values(adminPromotionsEndpoints),
  ...Object.values(redEnvelopesEndpoints),
  ...Object.values(rafflesEndpoints),
  ...Object.values(adminRedEnvelopesEndpoints),
  ...Object.values(adminRafflesEndpoints),
  ...Object.values(adminRewardsEndpoints),
  ...Object.values(referralEndpoints),
  ...Object.values(adminReferralEndpoints),
  ...Object.values(vipEndpoints),
  ...Object.values(adminVipEndpoints),
  ...Object.values(agentEndpoints),
  ...Object.values(agentTeamEndpoints),
  ...Object.values(adminAgentEndpoints),
  ...Object.values(agentMoneyEndpoints),
  ...Object.values(adminAgentMoneyEndpoints),
  ...Object.values(agentContractEndpoints),
  ...Object.values(adminAgentContractEndpoints),
  ...Object.values(pointEndpoints),
  ...Object.values(adminPointEndpoints),
  ...Object.values(missionEndpoints),
  ...Object.values(adminMissionEndpoints),
  ...Object.values(contactEndpoints),
  ...Object.values(adminContactEndpoints),
  ...Object.values(chatEndpoints),
  ...Object.values(chatVisitorEndpoints),
  ...Object.values(adminChatEndpoints),
  ...Object.values(adminCannedReplyEndpoints),
  ...Object.values(adminReportsEndpoints),
  ...Object.values(lotteryEndpoints),
  ...Object.values(jackpotEndpoints),
  ...Object.values(adminJackpotEndpoints),
  ...Object.values(adminLotteryEndpoints),
  ...Object.values(chatRoomEndpoints),
  ...Object.values(adminChatRoomEndpoints),
  ...Object.values(socialSignInEndpoints),
  ...Object.values(adminSocialSignInEndpoints),
];
