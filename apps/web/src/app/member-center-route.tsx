import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberPage } from '../features/account/member-menu';
import { MemberCenterPage } from '../features/account/pages/member-center-page';
import { DepositPage } from '../features/cashier/pages/deposit-page';
import { WithdrawPage } from '../features/cashier/pages/withdraw-page';
import { FeedbackPage } from '../features/contact/pages/feedback-page';
import { LiveChatPage } from '../features/contact/pages/live-chat-page';
import { gameTypeLabelKeys } from '../features/games/game-types';
import { BettingRecord } from '../features/games/records/betting-record';
import { PersonalProfit } from '../features/games/records/personal-profit';
import { InboxPage } from '../features/messages/pages/inbox-page';
import { useMissionCount } from '../features/missions/api/missions-api';
import { BonusDetailsPage } from '../features/promotions/pages/bonus-details-page';
import { RewardCenterPage } from '../features/promotions/pages/reward-center-page';
import { LinkedSignIns } from '../features/social-sign-in/components/linked-sign-ins';
import { useSiteConfig } from '../features/system/api/get-system-status';
import { useUplineInfo } from '../features/wallet/api/get-upline-info';
import { AccountRecordPage } from '../features/wallet/pages/account-record-page';
import { MyWalletPage } from '../features/wallet/pages/my-wallet-page';
import { TransferUplinePage } from '../features/wallet/pages/transfer-upline-page';
import { usePublicStore } from '../shared/state/public-store';
import { InlineLoader } from '../shared/ui/loading-cover/loading-cover';
import { REWARD_CENTER_PATH } from './layouts/side-menu-member-entries';

/** The invite page (QR encoder and all) is its own chunk, fetched when a member first opens it. */
const ReferralPage = lazy(() =>
  import('../features/promotions/pages/referral-page').then((module) => ({ default: module.ReferralPage })),
);

/** The betting record's days are the merchant's days. */
const BettingRecordPage = () => <BettingRecord timeZone={useSiteConfig().info.site.timeZone} />;

const PersonalProfitPage = () => <PersonalProfit timeZone={useSiteConfig().info.site.timeZone} />;

/** Manual rebate is a chunk of its own, fetched when the page is first opened. */
const ManualRebatePage = lazy(() =>
  import('../features/promotions/pages/manual-rebate-page').then((m) => ({ default: m.ManualRebatePage })),
);
const categoryLabelKey = (category: keyof typeof gameTypeLabelKeys) => gameTypeLabelKeys[category];
const ManualRebateRoute = () => (
  <Suspense fallback={<InlineLoader />}>
    <ManualRebatePage categoryLabelKey={categoryLabelKey} />
  </Suspense>
);
/** Missions and their leaderboard are a chunk of their own, fetched when the page is first opened. */
const MissionsPage = lazy(() =>
  import('../features/missions/pages/missions-page').then((m) => ({ default: m.MissionsPage })),
);
const MissionsRoute = () => (
  <Suspense fallback={<InlineLoader />}>
    <MissionsPage />
  </Suspense>
);
/** Responsible gaming (limits, breaks, self-exclusion) is a chunk of its own, fetched when first opened. */
const ResponsibleGamingPage = lazy(() =>
  import('../features/responsible-gaming/pages/responsible-gaming-page').then((m) => ({
    default: m.ResponsibleGamingPage,
  })),
);
const ResponsibleGamingRoute = () => (
  <Suspense fallback={<InlineLoader />}>
    <ResponsibleGamingPage />
  </Suspense>
);
/** Bonus details: the bonus wallet's total is in the merchant's currency. */
const BonusDetailsRoute = () => <BonusDetailsPage currency={useSiteConfig().info.site.currency} />;

/** Referral rewards are claimed in the reward centre: the invite page links to it while the site has it (REWCEN3). */
const InviteFriendsPage = () => {
  const siteName = useSiteConfig().info.site.name;
  const hasRewardCenter = usePublicStore((state) => state.whitelabel.REWCEN3 === true);
  return (
    <Suspense fallback={<InlineLoader />}>
      <ReferralPage siteName={siteName} rewardCenterPath={hasRewardCenter ? REWARD_CENTER_PATH : null} />
    </Suspense>
  );
};

/** The personal centre with the pages other features provide (features never import each other). */
const pages: Partial<Record<MemberPage, ComponentType>> = {
  transferFund: MyWalletPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  transactionHistory: AccountRecordPage,
  personalHistoryCopy: BettingRecordPage,
  personalProfit: PersonalProfitPage,
  messageV2: InboxPage,
  feedback: FeedbackPage,
  liveChat: LiveChatPage,
  manualRebate: ManualRebateRoute,
  referral: InviteFriendsPage,
  bonusDetails: BonusDetailsRoute,
  rewardCenter: RewardCenterPage,
  missionLeaderboard: MissionsRoute,
  responsibleGaming: ResponsibleGamingRoute,
};

/** My account's security settings gain the member's linked sign-ins (social sign-in, decision 0172). */
const securityCards = [LinkedSignIns] as const;

export const MemberCenterRoute = () => {
  const { t } = useTranslation();
  const rewardCount = usePublicStore((state) => state.availablePromoCount);
  const missionCount = useMissionCount();
  // Transfer to upline is only for members under an agent (AGETRANSFERUP3 on and an upline to send to).
  const isUplineOn = usePublicStore((state) => state.whitelabel.AGETRANSFERUP3 === true);
  const upline = useUplineInfo({ enabled: isUplineOn });
  const hiddenPages = upline.data?.available ? [] : (['transferUpline'] as const);
  const badges = {
    rewardCenter: { count: rewardCount, label: t('rewards_waiting', { count: rewardCount }) },
    missionLeaderboard: { count: missionCount, label: t('missions_waiting', { count: missionCount }) },
  };
  return <MemberCenterPage pages={pages} hiddenPages={hiddenPages} badges={badges} securityCards={securityCards} />;
};
