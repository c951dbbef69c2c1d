import {
  type AnnouncementType,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MAX_SIDE,
  type ContentItemInput,
  type ContentKind,
  isLanguageCode,
  type LanguageCode,
  type NoticeAudience,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import { narrowerImage, recodeImage } from '../../platform/images/image-recode';
import type { MerchantContext } from '../../platform/principals';
import { contentOf, imageUrlOf, startDateOf } from './content.presenter';
import type { ContentItemRow, ContentItemValues, ContentRepository } from './content.repository';

/** Which content kinds each announcement request type asks for. */
const kindsOfType: Record<AnnouncementType, ContentKind[]> = {
  B: ['banner'],
  PL: ['notice'],
  PU: ['popup'],
  PR: ['promotion'],
  H: ['help'],
};

export type Audience = 'member' | 'visitor';

/**
 * Content in the asked language where it exists, per kind: a kind with nothing visible in that language is
 * shown in the merchant's default language instead (never a mix within one kind).
 */
export const pickLanguage = (
  rows: readonly ContentItemRow[],
  language: string,
  defaultLanguage: string,
): ContentItemRow[] => {
  const kindsInLanguage = new Set(rows.filter((row) => row.language === language).map((row) => row.kind));
  return rows.filter((row) =>
    kindsInLanguage.has(row.kind) ? row.language === language : row.language === defaultLanguage,
  );
};

/**
 * Members see popups for members (A, and F which the browser shows on a first login); visitors see B. Notices
 * written for agents only stay off the site (decision 0095).
 */
export const isForAudience = (row: ContentItemRow, audience: Audience): boolean => {
  const content = contentOf(row);
  if (content.kind === 'notice') return isSiteNotice(content.data.audience);
  if (content.kind !== 'popup') return true;
  return audience === 'member' ? content.data.execution !== 'B' : content.data.execution === 'B';
};

/** A notice without an audience was written before audiences existed: the site's. */
const isSiteNotice = (audience: NoticeAudience | undefined): boolean => audience !== 'agents';

/**
 * When a notice appeared to its readers: its start, or when it was written if that is later (a notice written with a
 * start in the past appears when it is saved, not before).
 */
const appearedAt = (row: ContentItemRow): number => Math.max(startDateOf(row), row.createdAt.getTime());

/** Whether a row is a notice the agent centre shows (audience agents or both, decision 0095). */
export const isAgentNotice = (row: ContentItemRow): boolean => {
  const content = contentOf(row);
  return content.kind === 'notice' && (content.data.audience === 'agents' || content.data.audience === 'both');
};

/**
 * Marketing addressed to a member (decision 0112): promotions and popups. A member on a break or self-excluded gets
 * neither; banners, notices and help stay (the site's furniture and service notices, shown to visitors alike).
 */
export const isMarketing = (row: ContentItemRow): boolean => row.kind === 'promotion' || row.kind === 'popup';

const toDate = (value: string | null): Date | null => (value ? new Date(value) : null);

/** Narrower renditions of stored pictures kept in memory: pictures never change under their id, so neither do these. */
const RENDITION_CACHE_SIZE = 64;

export const createContentService = (repository: ContentRepository) => {
  const renditions = new Map<string, { mediaType: string; bytes: Buffer }>();
  const languageOf = (merchant: MerchantContext, asked: string | null | undefined): LanguageCode => {
    const code = asked?.trim().toUpperCase();
    return code && isLanguageCode(code) && merchant.settings.supportedLanguages.includes(code)
      ? code
      : merchant.settings.defaultLanguage;
  };

  const visibleIn = async (merchant: MerchantContext, language: LanguageCode, kinds: ContentKind[], now: Date) => {
    const fallback = merchant.settings.defaultLanguage;
    const rows = await repository.visible(merchant.code, [...new Set([language, fallback])], kinds, now);
    return pickLanguage(rows, language, fallback);
  };

  /** Checks what the schema cannot: the banner's image is this merchant's, help tags and the footer are unique. */
  const checkInput = async (merchantCode: string, input: ContentItemInput, id: string | null): Promise<void> => {
    const { content } = input;
    if (content.kind === 'banner' && !(await repository.imageOfMerchant(merchantCode, content.data.imageId))) {
      throw fieldError('content.data.imageId', 'field_invalid');
    }
    if (content.kind === 'help' || content.kind === 'footer') {
      const siblings = await repository.sameLanguageOfKind(merchantCode, input.language, content.kind);
      const clash = siblings.some((row) => {
        if (row.id === id) return false;
        const other = contentOf(row);
        return content.kind === 'footer' || (other.kind === 'help' && other.data.tag === content.data.tag);
      });
      if (clash) {
        throw fieldError(content.kind === 'help' ? 'content.data.tag' : 'content.kind', 'field_not_allowed');
      }
    }
  };

  const valuesOf = (merchantCode: string, input: ContentItemInput): ContentItemValues => ({
    merchantCode,
    kind: input.content.kind,
    language: input.language,
    sortOrder: input.sortOrder,
    enabled: input.enabled,
    startsAt: toDate(input.startsAt),
    endsAt: toDate(input.endsAt),
    data: input.content.data,
  });

  return {
    languageOf,

    /**
     * MCSFE_getListAnnouncements: what the site shows now, for a member or a visitor; `marketing: false` (a member
     * on a break or self-excluded) leaves promotions and popups out.
     */
    announcements: async (
      merchant: MerchantContext,
      request: { language: LanguageCode; types: readonly AnnouncementType[]; audience: Audience; marketing: boolean },
      now = new Date(),
    ): Promise<ContentItemRow[]> => {
      const kinds = [...new Set(request.types.flatMap((type) => kindsOfType[type]))];
      const rows = await visibleIn(merchant, request.language, kinds, now);
      return rows.filter((row) => isForAudience(row, request.audience) && (request.marketing || !isMarketing(row)));
    },

    /**
     * The agent centre's announcements (decision 0095): the notices for agents that are on now, in the language
     * (else the merchant default, as the site's notices), newest first, one page of them.
     */
    agentAnnouncements: async (
      merchant: MerchantContext,
      request: { language: LanguageCode; pageNo: number; pageSize: number },
      now = new Date(),
    ) => {
      const rows = (await visibleIn(merchant, request.language, ['notice'], now)).filter(isAgentNotice);
      const newestFirst = rows
        .map((row) => ({ row, startDate: startDateOf(row) }))
        .sort((a, b) => b.startDate - a.startDate || a.row.sortOrder - b.row.sortOrder);
      const offset = (request.pageNo - 1) * request.pageSize;
      return {
        rows: newestFirst.slice(offset, offset + request.pageSize).map((entry) => entry.row),
        total: rows.length,
      };
    },

    /**
     * How many agent notices on now the agent has not seen (decision 0113): those that appeared (started, or were
     * written, whichever is later) after the agent last opened the announcement page; all of them before that.
     */
    agentAnnouncementsUnread: async (
      merchant: MerchantContext,
      request: { language: LanguageCode; memberId: string },
      now = new Date(),
    ) => {
      const [rows, readThrough] = await Promise.all([
        visibleIn(merchant, request.language, ['notice'], now),
        repository.noticesReadThrough(merchant.code, request.memberId),
      ]);
      return rows.filter(
        (row) => isAgentNotice(row) && (readThrough === null || appearedAt(row) > readThrough.getTime()),
      ).length;
    },

    /** The agent opened the announcement page: every notice that has appeared by now is read. */
    markAgentAnnouncementsRead: (merchant: MerchantContext, memberId: string, now = new Date()) =>
      repository.markNoticesRead(merchant.code, memberId, now),

    /**
     * The picture of the first home banner a visitor sees now (the member page preloads it: it is the page's
     * largest paint), or null without one.
     */
    leadBannerImage: async (merchant: MerchantContext, language: LanguageCode, now = new Date()) => {
      const rows = await visibleIn(merchant, language, ['banner'], now);
      for (const row of rows) {
        const content = contentOf(row);
        if (content.kind === 'banner' && content.data.group === 'w_home') return imageUrlOf(content.data.imageId);
      }
      return null;
    },

    /** The help centre's sections and the footer text. */
    help: (merchant: MerchantContext, language: LanguageCode, now = new Date()) =>
      visibleIn(merchant, language, ['help', 'footer'], now),

    list: (merchantCode: string, language: string, kind?: ContentKind) => repository.list(merchantCode, language, kind),

    create: async (merchantCode: string, input: ContentItemInput): Promise<ContentItemRow> => {
      await checkInput(merchantCode, input, null);
      return repository.insert(valuesOf(merchantCode, input));
    },

    update: async (merchantCode: string, id: string, input: ContentItemInput): Promise<ContentItemRow> => {
      const existing = await repository.find(merchantCode, id);
      if (!existing) throw new AppError('not_found');
      if (existing.kind !== input.content.kind) throw fieldError('content.kind', 'field_not_allowed');
      await checkInput(merchantCode, input, id);
      const row = await repository.update(merchantCode, id, valuesOf(merchantCode, input));
      if (!row) throw new AppError('not_found');
      return row;
    },

    remove: async (merchantCode: string, id: string): Promise<ContentItemRow> => {
      const existing = await repository.find(merchantCode, id);
      if (!existing || !(await repository.remove(merchantCode, id))) throw new AppError('not_found');
      return existing;
    },

    /** Checks and re-encodes an image (an operator's upload or the seed's), then stores it for the merchant. */
    uploadImage: async (merchantCode: string, bytes: Buffer) => {
      if (bytes.length === 0) throw new AppError('image_invalid');
      const image = recodeImage(bytes, { maxBytes: CONTENT_IMAGE_MAX_BYTES, maxSide: CONTENT_IMAGE_MAX_SIDE });
      return repository.insertImage({
        merchantCode,
        mediaType: image.mediaType,
        bytes: image.bytes,
        width: image.width,
        height: image.height,
        byteSize: image.bytes.length,
      });
    },

    image: (id: string) => repository.image(id),

    /**
     * A stored picture at most `width` pixels wide (a phone's banner), made on first request and kept; the picture
     * itself when it is no wider. Null when there is no such picture.
     */
    imageRendition: async (id: string, width: number) => {
      const key = `${id}:${width}`;
      const kept = renditions.get(key);
      if (kept) return kept;
      const image = await repository.image(id);
      if (!image) return null;
      const rendition = {
        mediaType: image.mediaType,
        bytes: image.width <= width ? image.bytes : narrowerImage(image, width),
      };
      if (renditions.size >= RENDITION_CACHE_SIZE) {
        const oldest = renditions.keys().next().value;
        if (oldest !== undefined) renditions.delete(oldest);
      }
      renditions.set(key, rendition);
      return rendition;
    },

    hasContent: async (merchantCode: string) => (await repository.countFor(merchantCode)) > 0,
    insertMany: (values: readonly ContentItemValues[]) => repository.insertMany(values),
  };
};

export type ContentService = ReturnType<typeof createContentService>;
