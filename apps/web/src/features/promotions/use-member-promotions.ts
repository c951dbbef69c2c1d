import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeEvent, useRealtimeReconnect } from '../../shared/realtime/realtime';
import { usePublicStore } from '../../shared/state/public-store';
import { availableRewardsKey, useAvailableRewards } from './api/get-available-rewards';
import { rankProgressKey, useRankProgress } from './api/get-rank-progress';

/** How long the balance must stay still before the level and rewards are read again (a bet run pushes often). */
const SETTLE_MS = 3000;

/**
 * Keeps the public state's VIP fields and reward count (spec section 3) for the signed-in member, so the header,
 * the side menu and the personal centre read them without a call of their own. Trial accounts take no part. A
 * balance change may come from a deposit or a bet that reaches a level: once the pushes settle, both are read
 * again (reading grants what was reached).
 */
export const useMemberPromotions = (): void => {
  const queryClient = useQueryClient();
  const isMember = usePublicStore((state) => state.isLogin && !state.isTrial);
  const isVipOn = usePublicStore((state) => isMember && state.whitelabel.VIP3 === true);
  const isRewardsOn = usePublicStore((state) => isMember && state.whitelabel.REWCEN3 === true);
  const setMemberPromotions = usePublicStore((state) => state.setMemberPromotions);
  const rank = useRankProgress({ enabled: isVipOn });
  const rewards = useAvailableRewards({ enabled: isRewardsOn });

  useEffect(() => {
    if (!isVipOn) {
      setMemberPromotions({ hasVip: false, vipRankLevel: 0, vipLabelName: null });
      return;
    }
    if (!rank.data) return;
    const { hasVip, vipRankLevel, vipLabelName } = rank.data;
    // A level newly reached was granted by that read: the reward count is behind it.
    if (vipRankLevel > usePublicStore.getState().vipRankLevel && isRewardsOn) {
      void queryClient.invalidateQueries({ queryKey: availableRewardsKey });
    }
    setMemberPromotions({ hasVip, vipRankLevel, vipLabelName });
  }, [isVipOn, isRewardsOn, rank.data, queryClient, setMemberPromotions]);

  useEffect(() => {
    setMemberPromotions({ availablePromoCount: isRewardsOn ? (rewards.data?.availablePromoCount ?? 0) : 0 });
  }, [isRewardsOn, rewards.data, setMemberPromotions]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    if (isVipOn) void queryClient.invalidateQueries({ queryKey: rankProgressKey });
    if (isRewardsOn) void queryClient.invalidateQueries({ queryKey: availableRewardsKey });
  };
  useRealtimeEvent('wallet.balance', () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(refresh, SETTLE_MS);
  });
  useRealtimeReconnect(refresh);
};
