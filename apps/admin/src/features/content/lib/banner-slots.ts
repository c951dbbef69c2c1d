import { type BannerGroup, bannerAspectRatios } from '@tessera/contracts';

/** Where a banner group shows on the member site (its title written over the picture), and the shape of that place. */
export interface BannerSlot {
  /** CSS aspect-ratio of the place the picture fills (cropped to it, as the site does). */
  aspectRatio: string;
  /** The width the place has on the site, in CSS pixels; null for the full content width. */
  width: number | null;
}

const SIDE_MENU_WIDTH = 248;
/** The member site's dialog (440 px) less its body's padding. */
const DIALOG_BANNER_WIDTH = 400;

/**
 * The home carousel is the wide 3:1 strip; login, register and forgot-password show a 10:3 strip across the top
 * of their dialogs; the side menu shows the left-menu banner and the licence picture at its own width.
 */
export const bannerSlots: Record<BannerGroup, BannerSlot> = {
  w_home: { aspectRatio: bannerAspectRatios.w_home, width: null },
  w_login: { aspectRatio: bannerAspectRatios.w_login, width: DIALOG_BANNER_WIDTH },
  w_reg: { aspectRatio: bannerAspectRatios.w_reg, width: DIALOG_BANNER_WIDTH },
  w_forget: { aspectRatio: bannerAspectRatios.w_forget, width: DIALOG_BANNER_WIDTH },
  w_leftmenu: { aspectRatio: bannerAspectRatios.w_leftmenu, width: SIDE_MENU_WIDTH },
  w_license: { aspectRatio: bannerAspectRatios.w_license, width: SIDE_MENU_WIDTH },
};
