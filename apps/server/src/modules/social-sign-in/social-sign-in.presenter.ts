import type {
  AdminSocialSignInProvider,
  AdminSocialSignInTelegram,
  SocialSignInLink,
  SocialSignInProvider,
} from '@tessera/contracts';
import type { LinkRow, ProviderRow } from './social-sign-in.repository';

export const presentProvider = (row: ProviderRow): SocialSignInProvider => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
});

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

/** The merchant's Telegram login for the back office: whether a bot token is set, never the token. */
export const presentAdminTelegram = (row: ProviderRow | null): AdminSocialSignInTelegram => ({
  id: row?.id ?? null,
  botUsername: row?.clientId ?? '',
  botTokenSet: row?.clientSecretSealed != null,
  enabled: row?.enabled ?? false,
  links: row?.links ?? 0,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});
