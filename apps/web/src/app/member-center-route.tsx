import { useTranslation } from 'react-i18next';
import { DepositPage } from '../features/cashier/pages/deposit-page';
import { WithdrawPage } from '../features/cashier/pages/withdraw-page';
import { BettingRecord } from '../features/games/records/betting-record';
import { PersonalProfit } from '../features/games/records/personal-profit';
import { MemberCenterPage } from '../features/member/pages/member-center-page';
import { InboxPage } from '../features/messages/pages/inbox-page';
import { RewardCenterPage } from '../features/promotions/pages/reward-center-page';
import { useSiteConfig } from '../features/system/api/get-system-status';
import { useUplineInfo } from '../features/wallet/api/get-upline-info';
import { AccountRecordPage } from '../features/wallet/pages/account-record-page';
import { MyWalletPage } from '../features/wallet/pages/my-wallet-page';
import { TransferUplinePage } from '../features/wallet/pages/transfer-upline-page';
import { usePublicStore } from '../shared/state/public-store';

/** The betting record's days are the merchant's days. */
const BettingRecordPage = () => <BettingRecord timeZone={useSiteConfig().info.site.timeZone} />;

const PersonalProfitPage = () => <PersonalProfit timeZone={useSiteConfig().info.site.timeZone} />;

/** The personal centre with the pages other features provide (features never import each other). */
const pages = {
  transferFund: MyWalletPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  transactionHistory: AccountRecordPage,
  personalHistoryCopy: BettingRecordPage,
  personalProfit: PersonalProfitPage,
  messageV2: InboxPage,
  rewardCenter: RewardCenterPage,
} as const;

export const MemberCenterRoute = () => {
  const { t } = useTranslation();
  const rewardCount = usePublicStore((state) => state.availablePromoCount);
  // Transfer to upline is only for members under an agent (AGETRANSFERUP3 on and an upline to send to).
  const isUplineOn = usePublicStore((state) => state.whitelabel.AGETRANSFERUP3 === true);
  const upline = useUplineInfo({ enabled: isUplineOn });
  const hiddenPages = upline.data?.available ? [] : (['transferUpline'] as const);
  const badges = { rewardCenter: { count: rewardCount, label: t('rewards_waiting', { count: rewardCount }) } };
  return <MemberCenterPage pages={pages} hiddenPages={hiddenPages} badges={badges} />;
};
