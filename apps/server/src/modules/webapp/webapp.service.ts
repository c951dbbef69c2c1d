import type { ContentService } from '../content';
import type { MerchantsService } from '../merchants';
import { pageHeadMarkup, themeColourOf } from './webapp.presenter';

/** The member site as a page per merchant: the page head the server renders into index.html. */
export const createWebAppService = (deps: { merchants: MerchantsService; content: ContentService }) => {
  const merchantAt = (host: string) => deps.merchants.resolve({ code: null, host });

  return {
    /** The title and head of the member page for the merchant behind the request's host. */
    pageHead: async (host: string) => {
      const merchant = await merchantAt(host);
      const { settings } = merchant;
      // A first visit is shown in the merchant's default language: its banner is the one to fetch early.
      const leadImage = await deps.content.leadBannerImage(merchant, settings.defaultLanguage);
      return {
        title: settings.name,
        head: pageHeadMarkup({ themeColour: themeColourOf(settings, 'dark', 'color-bg'), leadImage }),
      };
    },
  };
};

export type WebAppService = ReturnType<typeof createWebAppService>;
