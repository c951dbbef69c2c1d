import type { LanguageCode, MerchantSettings, OperatorRole } from '@tessera/contracts';

/** The merchant (white label) a site request belongs to. */
export interface MerchantContext {
  code: string;
  version: number;
  settings: MerchantSettings;
  /** Flattened whitelabel tree: modId -> on. */
  modules: Readonly<Record<string, boolean>>;
}

/** Identity of a signed-in member, as the session module vouches for it. */
export interface MemberPrincipal {
  memberId: string;
  merchantCode: string;
  sessionId: string;
  type: number;
}

/** Identity of a signed-in operator. `merchantCode` null means every merchant. */
export interface OperatorPrincipal {
  operatorId: string;
  username: string;
  role: OperatorRole;
  merchantCode: string | null;
  sessionId: string;
}

export interface Caller {
  requestId: string;
  ip: string;
  /** ISO 3166 alpha-2 from the trusted CDN header, when configured. */
  country: string | null;
  userAgent: string | null;
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
