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

export const DEMO_PROVIDER_CODE = 'DEMO';

export const createProviderRegistry = (providers: readonly ProviderConfig[]) => {
  const byCode = new Map(providers.map((provider) => [provider.code, provider]));
  return {
    find: (code: string): ProviderConfig | null => byCode.get(code) ?? null,

    /** The URL a launch opens: the provider's page for the game, carrying the game token. */
    launchUrl: (
      code: string,
      launch: {
        token: string;
        gameCode: string;
        engine: string;
        language: string;
        mode: 'real' | 'fun';
        currency: string;
      },
    ): string | null => {
      const provider = byCode.get(code);
      if (!provider) return null;
      const url = new URL(`${provider.launchUrl.replace(/\/$/, '')}/play`);
      url.searchParams.set('token', launch.token);
      url.searchParams.set('game', launch.gameCode);
      url.searchParams.set('engine', launch.engine);
      url.searchParams.set('lang', launch.language);
      url.searchParams.set('mode', launch.mode);
      url.searchParams.set('currency', launch.currency);
      return url.toString();
    },
  };
};

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;
