import type { LanguageCode } from '@tessera/contracts';
import type { ClientFacts, MemberPrincipal, MerchantContext, OperatorPrincipal } from '../principals';

// The identities and the merchant live in platform/principals (services read them); these are a request's.
export type { ClientFacts, MemberPrincipal, MerchantContext, OperatorPrincipal, SiteVisit } from '../principals';

/** What the platform knows of a request's caller before any session. */
export interface Caller extends ClientFacts {
  requestId: string;
  language: LanguageCode | null;
  moduleId: string | null;
}

export interface SiteContext extends Caller {
  merchant: MerchantContext;
  member: MemberPrincipal | null;
}

/** A site request of a signed-in member (member, real-member and agent endpoints). */
export interface MemberContext extends SiteContext {
  member: MemberPrincipal;
}

export interface AdminContext extends Caller {
  operator: OperatorPrincipal;
}

/** A back-office request on one merchant (scope `merchant`): an enabled merchant in the operator's scope. */
export interface MerchantAdminContext extends AdminContext {
  merchant: MerchantContext;
}
