import type { MerchantSettings, OperatorRole } from '@tessera/contracts';

// What a service is told about who acts and where (no HTTP: the registrar builds these from a request, a job or an
// event builds them from its rows). Services import these, never `platform/http/context` (npm run boundaries).

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

/** Where an action comes from, as services record it (login history, audit, the site gate). */
export interface ClientFacts {
  ip: string;
  /** ISO 3166 alpha-2 from the trusted CDN header, when configured. */
  country: string | null;
  userAgent: string | null;
}

/** A member-site action: the merchant, the member when signed in, and where it comes from. */
export interface SiteVisit extends ClientFacts {
  merchant: MerchantContext;
  member: MemberPrincipal | null;
}

/** A file a member or operator uploaded (a proof image), as its bytes. */
export interface UploadedFile {
  filename: string;
  bytes: Buffer;
}
