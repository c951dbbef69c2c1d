import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { usePointBalance } from '../api/points-api';

/** Whether the points mall is offered to this reader: the merchant has PTSYS3, and not to a trial account. */
export const usePointsShown = (): boolean => {
  const isOn = usePublicStore((state) => state.whitelabel.PTSYS3 === true);
  const isTrial = usePublicStore((state) => state.isTrial);
  return isOn && !isTrial;
};

/**
 * The member's current points as the header's dropdown shows them (spec section 2, issue 27): read when the
 * dropdown opens, so a page that never opens it asks nothing.
 */
export const HeaderPoints = () => {
  const { t } = useTranslation('points');
  const isLogin = usePublicStore((state) => state.isLogin);
  const balance = usePointBalance(isLogin);
  const points = balance.data?.points;
  return (
    <span data-header-points={points ?? ''}>
      {t('current_points')}{' '}
      <bdi dir="ltr">
        <strong>{points ?? '…'}</strong>
      </bdi>
    </span>
  );
};
