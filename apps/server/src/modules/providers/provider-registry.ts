import { DEMO_PROVIDER_CODE, type ProviderLaunchUrl } from '../games';

export { DEMO_PROVIDER_CODE };

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
}

export const createProviderRegistry = (providers: readonly ProviderConfig[]) => {
  const byCode = new Map(providers.map((provider) => [provider.code, provider]));
  return {
    find: (code: string): ProviderConfig | null => byCode.get(code) ?? null,

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
