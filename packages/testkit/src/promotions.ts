const HOUR = 3_600_000;

/**
 * A promotion for the back office's editor (POST /api/admin/merchants/:code/promotions), for integration tests and
 * browser journeys alike: open from an hour ago for a day, no reward, no wagering, once per member, any member and
 * region eligible; `values` set what a test is about.
 */
export const promotionInput = (values: Record<string, unknown> = {}) => ({
  kind: 'first_deposit',
  category: 'newbie',
  texts: {},
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  enabled: true,
  sort: 0,
  percent: 0,
  fixedAmount: '0',
  maxAmount: '0',
  minDeposit: '0',
  turnoverTarget: '0',
  wageringMultiple: 0,
  wageringBase: 'bonus',
  wageringCategories: [],
  bonusExpiryDays: 7,
  frequency: 'once',
  minVipLevel: 0,
  newMembersOnly: false,
  paymentChannelKinds: [],
  regions: [],
  ...values,
});

/**
 * A red envelope for the back office's editor (POST /api/admin/merchants/:code/red-envelopes): 10.00 in 5 shares,
 * open from an hour ago for a day, paid straight to the main wallet, any member and region; `values` set the rest.
 */
export const redEnvelopeInput = (values: Record<string, unknown> = {}) => ({
  texts: { EN: { title: 'Red envelope', blessing: 'Good luck' } },
  totalAmount: '10',
  shares: 5,
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + 24 * HOUR).toISOString(),
  enabled: true,
  minVipLevel: 0,
  newMembersOnly: false,
  regions: [],
  wageringMultiple: 0,
  bonusExpiryDays: 7,
  ...values,
});
