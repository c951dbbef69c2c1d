import type { AdminSocialSignInProvider, SocialSignInLink, SocialSignInProvider } from '@tessera/contracts';
import type { LinkRow, ProviderRow } from './social-sign-in.repository';

export const presentProvider = (row: ProviderRow): SocialSignInProvider => ({ id: row.id, name: row.name });

export const presentLink = (row: LinkRow): SocialSignInLink => ({
  id: row.id,
  providerId: row.providerId,
  providerName: row.providerName,
  linkedAt: row.createdAt.toISOString(),
});

/** A provider for the back office: whether a client secret is set, never the secret. */
export const presentAdminProvider = (row: ProviderRow): AdminSocialSignInProvider => ({
  id: row.id,
  name: row.name,
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecretSet: row.clientSecretSealed !== null,
  scopes: row.scopes,
  enabled: row.enabled,
  links: row.links,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
