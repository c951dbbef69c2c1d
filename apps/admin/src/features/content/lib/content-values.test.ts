import { contentItemInputSchema, contentKinds } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { headlineOf, inputOfItem, newContentValues, nextSortOrder } from './content-values';

describe('content form values', () => {
  it('starts every kind as a request the contract reads, refused only for what the operator must fill in', () => {
    for (const kind of contentKinds) {
      const result = contentItemInputSchema.safeParse(newContentValues(kind, 'EN', 0));
      const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
      const required = {
        banner: ['content.data.title', 'content.data.imageId'],
        notice: ['content.data.title'],
        popup: ['content.data.title'],
        promotion: ['content.data.title'],
        help: ['content.data.tag', 'content.data.title'],
        footer: [],
      }[kind];
      expect(paths.sort(), kind).toEqual([...required].sort());
    }
  });

  it('places a new item after the last one, within the contract’s range', () => {
    expect(nextSortOrder([])).toBe(0);
    expect(nextSortOrder([{ sortOrder: 30 }, { sortOrder: 5 }])).toBe(40);
    expect(nextSortOrder([{ sortOrder: 9995 }])).toBe(9999);
  });

  it('turns a listed item back into the request that saves it unchanged', () => {
    const item = {
      id: '7d7f2a1e-0000-4000-8000-000000000001',
      language: 'EN',
      sortOrder: 20,
      enabled: false,
      startsAt: '2026-05-01T00:00:00.000Z',
      endsAt: null,
      content: { kind: 'notice' as const, data: { title: 'Maintenance', content: 'Tonight\nat 2' } },
      imageUrl: null,
      updatedAt: '2026-04-01T00:00:00.000Z',
    };
    const input = inputOfItem(item);
    expect(contentItemInputSchema.parse(input)).toEqual({
      language: 'EN',
      sortOrder: 20,
      enabled: false,
      startsAt: '2026-05-01T00:00:00.000Z',
      endsAt: null,
      // A notice saved before audiences is the site's, and the form says so (decision 0095).
      content: { kind: 'notice', data: { ...item.content.data, audience: 'site' } },
    });
  });

  it('names an item by its title, a footer by its first line', () => {
    expect(headlineOf({ kind: 'help', data: { tag: 'terms', title: 'Terms', content: '' } })).toBe('Terms');
    expect(headlineOf({ kind: 'footer', data: { description: 'Play fair.\nSince 2026.' } })).toBe('Play fair.');
  });
});
