import { DEMO_PROVIDER_CODE, type ProviderLaunchUrl } from '../games';

export { DEMO_PROVIDER_CODE };

/**
 * How long a provider's round may stay open after its last call before the `seamless_rounds_timeout` job closes it
 * with no win (decision 0128), unless the provider's configuration says otherwise: a day, longer than any table or
 * slot round and than the settlement delay of the demo's sportsbook.
 */
export const DEFAULT_ROUND_TIMEOUT_HOURS = 24;

/**
 * The outside game providers the platform talks to (docs/seamless-wallet.md). Each has a code, the secret both
 * sides sign the wallet calls with, and where its games open. The demo runs one: apps/reference-provider.
 */
export interface ProviderConfig {
  code: string;
  name: string;
  /** Base URL of the provider's game pages. */
  launchUrl: string;
  secret: string;
  /** Hours an open round may go without a call before it is closed with no win (default 24, decision 0128). */
  roundTimeoutHours?: number;
}

export const createProviderRegistry = (providers: readonly ProviderConfig[]) => {
  const byCode = new Map(providers.map((provider) => [provider.code, provider]));
  return {
    find: (code: string): ProviderConfig | null => byCode.get(code) ?? null,

    /** Every registered provider: its code, name and registered round timeout in hours (its own, else the default). */
    list: (): { code: string; name: string; roundTimeoutHours: number }[] =>
      providers.map((provider) => ({
        code: provider.code,
        name: provider.name,
        roundTimeoutHours: provider.roundTimeoutHours ?? DEFAULT_ROUND_TIMEOUT_HOURS,
      })),

    /**
     * Every provider's registered round timeout in hours (its own, else the default): what the timeout job closes by
     * where a merchant set none (a merchant's own, `seamless_provider_settings`, wins in `seamless_close_stale`).
     */
    roundTimeouts: (): { provider: string; hours: number }[] =>
      providers.map((provider) => ({
        provider: provider.code,
        hours: provider.roundTimeoutHours ?? DEFAULT_ROUND_TIMEOUT_HOURS,
      })),

    /** The URL a launch opens: the provider's page for the game, carrying the game token. */
    launchUrl: (code: string, launch: Parameters<ProviderLaunchUrl>[1]): string | null => {
      const provider = byCode.get(code);
      if (!provider) return null;
      const url = new URL(`${provider.launchUrl.replace(/\/$/, '')}/play`);
      url.searchParams.set('token', launch.token);
      url.searchParams.set('game', launch.gameCode);
      url.searchParams.set('engine', launch.engine);
      url.searchParams.set('lang', launch.language);
      url.searchParams.set('mode', launch.mode);
      url.searchParams.set('currency', launch.currency);
      if (launch.room) {
        url.searchParams.set('room', launch.room.level);
        url.searchParams.set('minBet', launch.room.minBet);
        url.searchParams.set('maxBet', launch.room.maxBet);
      }
      if (launch.lottery) {
        url.searchParams.set('view', launch.lottery.view);
        url.searchParams.set('back', launch.lottery.backUrl);
        url.searchParams.set('prizeMode', launch.lottery.prizeMode);
        url.searchParams.set('area', launch.lottery.area);
        url.searchParams.set('device', launch.lottery.device);
      }
      return url.toString();
    },
  };
};

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
