import type {
  Announcements,
  Banner,
  ContentData,
  ContentItem,
  HelpEntry,
  PlayerNotice,
  PopupAnnouncement,
  PromotionNotice,
} from '@tessera/contracts';
import type { ContentImageRow, ContentItemRow } from './content.repository';

export const imageUrlOf = (imageId: string): string => `/wps/content/images/${imageId}`;

/** When an item went up: its schedule's start, else when it was written. */
export const startDateOf = (row: ContentItemRow): number => (row.startsAt ?? row.createdAt).getTime();

/** The row with its kind's data typed again (the kind column and the data were written together). */
export const contentOf = (row: ContentItemRow): ContentData => ({ kind: row.kind, data: row.data }) as ContentData;

export const presentContentItem = (row: ContentItemRow): ContentItem => {
  const content = contentOf(row);
  return {
    id: row.id,
    language: row.language,
    sortOrder: row.sortOrder,
    enabled: row.enabled,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    content,
    imageUrl: content.kind === 'banner' ? imageUrlOf(content.data.imageId) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
};

export const presentImage = (row: ContentImageRow) => ({
  id: row.id,
  url: imageUrlOf(row.id),
  mediaType: row.mediaType,
  width: row.width,
  height: row.height,
  byteSize: row.byteSize,
});

/** A notice as the ticker's list and the agent centre show it. */
export const presentNotice = (row: ContentItemRow): PlayerNotice => {
  const content = contentOf(row);
  const { title, content: text } = content.kind === 'notice' ? content.data : { title: '', content: '' };
  return { id: row.id, title, content: text, startDate: startDateOf(row) };
};

/** api-facts 9's shape: banners, player, popup, promotion (and the help list for type H). */
export const presentAnnouncements = (rows: readonly ContentItemRow[]): Announcements => {
  const banners: Banner[] = [];
  const player: PlayerNotice[] = [];
  const popup: PopupAnnouncement[] = [];
  const promotion: PromotionNotice[] = [];
  const help: Announcements['help'] = [];
  for (const row of rows) {
    const content = contentOf(row);
    const startDate = startDateOf(row);
    switch (content.kind) {
      case 'banner':
        banners.push({
          id: row.id,
          groupName: content.data.group,
          title: content.data.title,
          url: imageUrlOf(content.data.imageId),
          linkageType: content.data.linkageType,
          linkTarget: content.data.linkTarget,
        });
        break;
      case 'notice':
        player.push(presentNotice(row));
        break;
      case 'popup':
        popup.push({
          id: row.id,
          title: content.data.title,
          content: content.data.content,
          startDate,
          promotionType: content.data.promotionType,
          execution: content.data.execution,
        });
        break;
      case 'promotion':
        promotion.push({ id: row.id, title: content.data.title, content: content.data.content, startDate });
        break;
      case 'help':
        help.push({ tag: content.data.tag, title: content.data.title });
        break;
      case 'footer':
        break;
    }
  }
  return { banners, player, popup, promotion, help };
};

export const presentHelp = (rows: readonly ContentItemRow[]): { list: HelpEntry[]; footerDescription: string } => {
  const list: HelpEntry[] = [];
  let footerDescription = '';
  for (const row of rows) {
    const content = contentOf(row);
    if (content.kind === 'help') list.push({ ...content.data });
    if (content.kind === 'footer') footerDescription = content.data.description;
  }
  return { list, footerDescription };
};
