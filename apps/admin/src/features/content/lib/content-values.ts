import type { ContentData, ContentItem, ContentKind, contentItemInputSchema } from '@tessera/contracts';
import type { z } from 'zod';

/** What the editor's form holds: the create/update request itself (checked with its contract schema). */
export type ContentFormValues = z.input<typeof contentItemInputSchema>;

const SORT_STEP = 10;
const SORT_MAX = 9999;

const emptyData = (kind: ContentKind): ContentData => {
  switch (kind) {
    case 'banner':
      return {
        kind,
        data: { group: 'w_home', title: '', imageId: '', linkageType: 'NONE', linkTarget: '' },
      };
    case 'notice':
      return { kind, data: { title: '', content: '', audience: 'site' } };
    case 'promotion':
      return { kind, data: { title: '', content: '' } };
    case 'popup':
      return { kind, data: { title: '', content: '', execution: 'A', promotionType: null } };
    case 'help':
      return { kind, data: { tag: '', title: '', content: '' } };
    case 'footer':
      return { kind, data: { description: '' } };
  }
};

/** The order a new item takes: after the last one of its list. */
export const nextSortOrder = (items: readonly Pick<ContentItem, 'sortOrder'>[]): number =>
  items.length === 0 ? 0 : Math.min(SORT_MAX, Math.max(...items.map((item) => item.sortOrder)) + SORT_STEP);

/** A new, enabled, unscheduled item of a kind, placed last. */
export const newContentValues = (kind: ContentKind, language: string, sortOrder: number): ContentFormValues => ({
  language,
  sortOrder,
  enabled: true,
  startsAt: null,
  endsAt: null,
  content: emptyData(kind),
});

/** An existing item as the request that would save it unchanged. */
export const inputOfItem = (item: ContentItem): ContentFormValues => ({
  language: item.language,
  sortOrder: item.sortOrder,
  enabled: item.enabled,
  startsAt: item.startsAt,
  endsAt: item.endsAt,
  // A notice saved before audiences is the site's (decision 0095).
  content:
    item.content.kind === 'notice'
      ? { kind: 'notice', data: { ...item.content.data, audience: item.content.data.audience ?? 'site' } }
      : item.content,
});

/** The line that names an item in lists: its title, or the start of a footer's text. */
export const headlineOf = (content: ContentData): string =>
  content.kind === 'footer' ? (content.data.description.split('\n')[0] ?? '') : content.data.title;
