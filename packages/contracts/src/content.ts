import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { isLanguageCode, type LanguageCode } from './languages';
import { merchantCodeSchema } from './merchants';

/** Banner groups (spec section 3 "Banner"): the home carousel, the popups' banners, the side menu's two. */
export const bannerGroups = ['w_home', 'w_login', 'w_reg', 'w_forget', 'w_license', 'w_leftmenu'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

/**
 * The shape of each banner group's place on the member site (a CSS aspect-ratio; pictures are cropped to it): the
 * home carousel's wide strip, the login, register and forgot-password dialogs' strip, the side menu's banner and
 * licence picture. The back office previews an upload in the same shape.
 */
export const bannerAspectRatios: Readonly<Record<BannerGroup, string>> = {
  w_home: '3 / 1',
  w_login: '10 / 3',
  w_reg: '10 / 3',
  w_forget: '10 / 3',
  w_leftmenu: '12 / 5',
  w_license: '3 / 1',
};

/** Where a banner click goes: nowhere, a path of this site, or an outside http(s) address (new tab). */
export const linkageTypes = ['NONE', 'ROUTE', 'URL'] as const;
export type LinkageType = (typeof linkageTypes)[number];

/** Popup audiences (api-facts 9): A signed-in members, B visitors, F a member's first login. */
export const popupExecutions = ['A', 'B', 'F'] as const;
export type PopupExecution = (typeof popupExecutions)[number];

/** The kinds of content an operator edits; `notice` is the ticker's player notice. */
export const contentKinds = ['banner', 'notice', 'popup', 'promotion', 'help', 'footer'] as const;
export type ContentKind = (typeof contentKinds)[number];

/** Announcement request types (spec section 7): B banners, PL player notices, PU popups, PR promotions, H help. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

const text = (max: number) =>
  z.string().trim().min(1, { message: 'not_empty' }).max(max, { message: 'field_too_long' });
/** Content is plain text; line breaks are kept, nothing is read as HTML (decision 0014). */
const body = (max: number) => z.string().trim().max(max, { message: 'field_too_long' });
const sitePath = z
  .string()
  .trim()
  .regex(/^\/[A-Za-z0-9/_#?=&.-]*$/, { message: 'field_invalid' })
  .max(300);
const httpUrl = z.url({ protocol: /^https?$/, message: 'field_invalid' }).max(2000);
/** A help section's tag is its address: /help#<tag>. */
export const helpTagSchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{0,40}$/, { message: 'field_invalid' });

export const bannerDataSchema = z
  .strictObject({
    group: z.enum(bannerGroups),
    title: text(120),
    imageId: z.uuid({ message: 'not_empty' }),
    linkageType: z.enum(linkageTypes),
    linkTarget: z.string().trim().max(2000),
  })
  .superRefine((banner, ctx) => {
    const ok =
      banner.linkageType === 'NONE'
        ? banner.linkTarget === ''
        : banner.linkageType === 'ROUTE'
          ? sitePath.safeParse(banner.linkTarget).success
          : httpUrl.safeParse(banner.linkTarget).success;
    if (!ok) ctx.addIssue({ code: 'custom', message: 'field_invalid', path: ['linkTarget'] });
  });

/**
 * Who reads a notice (decision 0095): `site` the ticker and notice list of the member site (visitors and members),
 * `agents` the agent centre's announcement page only, `both` the two. A notice saved before audiences is `site`.
 */
export const noticeAudiences = ['site', 'agents', 'both'] as const;
export type NoticeAudience = (typeof noticeAudiences)[number];

export const noticeDataSchema = z.strictObject({
  title: text(200),
  content: body(4000),
  audience: z.enum(noticeAudiences, { message: 'field_not_allowed' }).optional(),
});

export const popupDataSchema = z.strictObject({
  title: text(200),
  content: body(8000),
  execution: z.enum(popupExecutions),
  /** When set, the popup offers a go-to-promotion button opening the reward centre. */
  promotionType: z.string().trim().max(40).nullable(),
});

export const promotionDataSchema = z.strictObject({ title: text(200), content: body(8000) });

export const helpDataSchema = z.strictObject({ tag: helpTagSchema, title: text(200), content: body(20000) });

/** The footer's text for one language (one item per language; a second replaces nothing, it is refused). */
export const footerDataSchema = z.strictObject({ description: body(2000) });

export const contentDataSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('banner'), data: bannerDataSchema }),
  z.strictObject({ kind: z.literal('notice'), data: noticeDataSchema }),
  z.strictObject({ kind: z.literal('popup'), data: popupDataSchema }),
  z.strictObject({ kind: z.literal('promotion'), data: promotionDataSchema }),
  z.strictObject({ kind: z.literal('help'), data: helpDataSchema }),
  z.strictObject({ kind: z.literal('footer'), data: footerDataSchema }),
]);
export type ContentData = z.infer<typeof contentDataSchema>;

const languageSchema = z.string().refine(isLanguageCode, { message: 'field_invalid' }) as unknown as z.ZodType<
  LanguageCode,
  string
>;

/** What an operator sends for one item. A schedule is optional at either end; `startsAt` must come first. */
export const contentItemInputSchema = z
  .strictObject({
    language: languageSchema,
    sortOrder: z.number().int().min(0).max(9999),
    enabled: z.boolean(),
    startsAt: z.iso.datetime({ offset: true, message: 'field_invalid' }).nullable(),
    endsAt: z.iso.datetime({ offset: true, message: 'field_invalid' }).nullable(),
    content: contentDataSchema,
  })
  .refine((item) => !item.startsAt || !item.endsAt || Date.parse(item.startsAt) < Date.parse(item.endsAt), {
    message: 'field_invalid',
    path: ['endsAt'],
  });
export type ContentItemInput = z.infer<typeof contentItemInputSchema>;

export const contentItemSchema = z.object({
  id: z.string(),
  language: z.string(),
  sortOrder: z.number(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  content: contentDataSchema,
  /** The image address of a banner, for previews. */
  imageUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

// ---- What the member site reads -------------------------------------------------------------------------

export const bannerSchema = z.object({
  id: z.string(),
  groupName: z.enum(bannerGroups),
  title: z.string(),
  /** The image address. */
  url: z.string(),
  linkageType: z.enum(linkageTypes),
  linkTarget: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * The narrower renditions of a stored banner picture the server makes on request (`?w=`), for phones: a 1200 px
 * banner shown 358 px wide on a phone need not travel at 1200 px.
 */
export const BANNER_RENDITION_WIDTHS = [480, 720] as const;
/** The width stored home banners are made at (the seed's, the back office's guidance): the full rendition. */
export const BANNER_FULL_WIDTH = 1200;
/** How wide the home carousel is shown: the page's width less its padding on a phone, the full picture from 1024 px. */
export const HOME_BANNER_SIZES = `(min-width: 1024px) ${BANNER_FULL_WIDTH}px, calc(100vw - 32px)`;

/**
 * A stored banner picture's `srcset`: its narrower renditions and the picture itself. Null for an address that is
 * not a stored picture (`/wps/content/images/<id>`), which has no renditions.
 */
export const bannerSrcSet = (url: string): string | null =>
  /^\/wps\/content\/images\/[0-9a-f-]{36}$/i.test(url)
    ? [...BANNER_RENDITION_WIDTHS.map((width) => `${url}?w=${width} ${width}w`), `${url} ${BANNER_FULL_WIDTH}w`].join(
        ', ',
      )
    : null;

export const playerNoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  /** ms epoch, as the original sends it. */
  startDate: z.number(),
});
export type PlayerNotice = z.infer<typeof playerNoticeSchema>;

export const popupAnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  startDate: z.number(),
  promotionType: z.string().nullable(),
  execution: z.enum(popupExecutions),
});
export type PopupAnnouncement = z.infer<typeof popupAnnouncementSchema>;

export const promotionNoticeSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  startDate: z.number(),
});
export type PromotionNotice = z.infer<typeof promotionNoticeSchema>;

export const helpEntrySchema = z.object({ tag: z.string(), title: z.string(), content: z.string() });
export type HelpEntry = z.infer<typeof helpEntrySchema>;

export const announcementsSchema = z.object({
  banners: z.array(bannerSchema),
  player: z.array(playerNoticeSchema),
  popup: z.array(popupAnnouncementSchema),
  promotion: z.array(promotionNoticeSchema),
  /** Type H: the help list's tags and titles (the footer's links). */
  help: z.array(z.object({ tag: z.string(), title: z.string() })),
});
export type Announcements = z.infer<typeof announcementsSchema>;

const typesSchema = z
  .string()
  .default('B,PL,PU,PR,H')
  .transform((value) => value.split(',').map((type) => type.trim().toUpperCase()))
  .pipe(z.array(z.enum(announcementTypes, { message: 'field_invalid' })).min(1));

/** The agent centre's announcement page: agent-audience notices, newest first. */
export const agentAnnouncementPageSchema = z.object({
  list: z.array(playerNoticeSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type AgentAnnouncementPage = z.infer<typeof agentAnnouncementPageSchema>;

/** The agent centre menu's unread badge (decision 0113). */
export const agentAnnouncementsUnreadSchema = z.object({ unread: z.number().int().min(0) });
export type AgentAnnouncementsUnread = z.infer<typeof agentAnnouncementsUnreadSchema>;

export const contentEndpoints = {
  announcements: defineEndpoint({
    name: 'content.announcements',
    method: 'GET',
    path: '/wps/relay/MCSFE_getListAnnouncements',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({
      types: typesSchema,
      platform: z.enum(['W', 'M']).default('W'),
      /** B: the visitor's list even when a token is sent. */
      execution: z.enum(['B']).optional(),
      language: z.string().optional(),
    }),
    response: announcementsSchema,
    summary:
      "Banners, ticker notices, popups (A and F for members, B for visitors), promotions and the help list, in the caller's language (else the merchant default).",
  }),
  agentAnnouncements: defineEndpoint({
    name: 'content.agentAnnouncements',
    method: 'GET',
    path: '/wps/agent/announcements',
    moduleIds: [],
    access: access.agent,
    encrypted: false,
    request: z.strictObject({
      pageNo: z.coerce
        .number({ message: 'field_invalid' })
        .int({ message: 'field_invalid' })
        .min(1)
        .max(10_000)
        .default(1),
      pageSize: z.coerce
        .number({ message: 'field_invalid' })
        .int({ message: 'field_invalid' })
        .min(1)
        .max(50)
        .default(10),
      language: z.string().optional(),
    }),
    response: agentAnnouncementPageSchema,
    summary:
      "The agent centre's announcements (agentAnnouncement): notices written for agents (audience agents or both) that are on now, in the caller's language (else the merchant default), newest first, paged.",
  }),
  agentAnnouncementsUnread: defineEndpoint({
    name: 'content.agentAnnouncementsUnread',
    method: 'GET',
    path: '/wps/agent/announcements/unread',
    moduleIds: [],
    access: access.agent,
    encrypted: false,
    request: z.strictObject({ language: z.string().optional() }),
    response: agentAnnouncementsUnreadSchema,
    summary:
      "How many of the agent centre's announcements on now the agent has not seen: those that appeared since the agent last opened the announcement page (decision 0113), for the menu's badge.",
  }),
  agentAnnouncementsRead: defineEndpoint({
    name: 'content.agentAnnouncementsRead',
    method: 'POST',
    path: '/wps/agent/announcements/read',
    moduleIds: [],
    access: access.agent,
    encrypted: false,
    request: z.strictObject({}),
    response: agentAnnouncementsUnreadSchema,
    summary:
      'Marks every agent announcement that has appeared by now as read (the agent opened the announcement page); answers the unread count, 0.',
  }),
  helpCenter: defineEndpoint({
    name: 'content.helpCenter',
    method: 'GET',
    path: '/wps/system/helpCenter',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    openDuringRestriction: true,
    request: z.strictObject({ lang: z.string().optional(), device: z.enum(['WEB']).default('WEB') }),
    response: z.object({ list: z.array(helpEntrySchema), footerDescription: z.string() }),
    summary: 'The help centre in a language (else the merchant default): sections by tag, and the footer text.',
  }),
} as const;

// ---- Back office ------------------------------------------------------------------------------------------

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const itemParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });

export const contentImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  mediaType: z.string(),
  width: z.number(),
  height: z.number(),
  byteSize: z.number(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/** Image uploads: png or jpeg, at most 5 MB, at most 4096 px a side; re-encoded before they are stored. */
export const CONTENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** An uploaded picture's body: the file, base64 encoded (at most 5 MB decoded); banners and promotions send it. */
export const contentImageUploadSchema = z.strictObject({
  dataBase64: z.string().min(1, { message: 'not_empty' }).max(7_000_000, { message: 'field_too_large' }),
});
export const CONTENT_IMAGE_MAX_SIDE = 4096;

export const adminContentEndpoints = {
  listContent: defineEndpoint({
    name: 'admin.listContent',
    method: 'GET',
    path: '/api/admin/merchants/:code/content',
    moduleIds: [],
    access: access.operator('content.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ language: languageSchema, kind: z.enum(contentKinds).optional() }),
    response: z.array(contentItemSchema),
    summary: "A merchant's content items in one language, by kind then order.",
  }),
  createContent: defineEndpoint({
    name: 'admin.createContent',
    method: 'POST',
    path: '/api/admin/merchants/:code/content',
    moduleIds: [],
    access: access.operator('content.write', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: contentItemInputSchema,
    response: contentItemSchema,
    summary: 'Adds a banner, notice, popup, promotion, help section or footer text (owner, content). Audited.',
  }),
  updateContent: defineEndpoint({
    name: 'admin.updateContent',
    method: 'PUT',
    path: '/api/admin/merchants/:code/content/:id',
    moduleIds: [],
    access: access.operator('content.write', 'merchant'),
    encrypted: false,
    params: itemParams,
    request: contentItemInputSchema,
    response: contentItemSchema,
    summary: 'Replaces a content item; its kind cannot change (owner, content). Audited.',
  }),
  deleteContent: defineEndpoint({
    name: 'admin.deleteContent',
    method: 'DELETE',
    path: '/api/admin/merchants/:code/content/:id',
    moduleIds: [],
    access: access.operator('content.write', 'merchant'),
    encrypted: false,
    params: itemParams,
    request: z.strictObject({}),
    response: z.object({ id: z.string() }),
    summary: 'Removes a content item (owner, content). Audited.',
  }),
  uploadImage: defineEndpoint({
    name: 'admin.uploadContentImage',
    method: 'POST',
    path: '/api/admin/merchants/:code/content/images',
    moduleIds: [],
    access: access.operator('content.write', 'merchant'),
    encrypted: false,
    params: merchantParams,
    bodyLimit: 7_200_000,
    request: contentImageUploadSchema,
    response: contentImageSchema,
    summary:
      'Uploads a banner image: png or jpeg checked by its bytes and size, decoded and re-encoded (metadata dropped). Audited.',
  }),
} as const;
