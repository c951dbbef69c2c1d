import type { PointItemKind, PointRedeemStatus, PointType } from '@tessera/contracts';
import type { BadgeTone } from '../../shared/ui/status-badge/status-badge';

/** The points namespace's key of each point type (api-facts 12.6: points_type_*). */
export const pointTypeKeys: Record<PointType, string> = {
  live: 'points_type_live',
  lott: 'points_type_lott',
  pvp: 'points_type_pvp',
  rng: 'points_type_rng',
  sports: 'points_type_sports',
  inhouse: 'points_type_inhouse',
  deposit: 'points_type_deposit',
  redeem: 'points_type_redeem',
  refund: 'points_type_refund',
  convert: 'points_type_convert',
  buy: 'points_type_buy',
  adjust: 'points_type_adjust',
};

/** Redeem status (spec section 4: In Process, Approved, Rejected). */
export const redeemStatusKeys: Record<PointRedeemStatus, string> = {
  in_process: 'status_in_process',
  approved: 'status_approved',
  rejected: 'status_rejected',
};

export const redeemStatusTones: Record<PointRedeemStatus, BadgeTone> = {
  in_process: 'warning',
  approved: 'success',
  rejected: 'danger',
};

export const itemKindKeys: Record<PointItemKind, string> = {
  cash: 'kind_cash',
  physical: 'kind_physical',
};
