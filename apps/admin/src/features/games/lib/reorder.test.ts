import { describe, expect, it } from 'vitest';
import { movedOrder, namesToSave } from './reorder';

describe('catalogue ordering', () => {
  it('moves a game one place up or down within the page', () => {
    expect(movedOrder(['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'c', 'b']);
  });

  it('refuses to move the first game up or the last down', () => {
    expect(movedOrder(['a', 'b'], 'a', -1)).toBeNull();
    expect(movedOrder(['a', 'b'], 'b', 1)).toBeNull();
    expect(movedOrder(['a'], 'z', 1)).toBeNull();
  });

  it('drops blank names so the catalogue name shows again', () => {
    expect(namesToSave({ EN: ' Lucky ', CN: '  ', AR: 'حظ' })).toEqual({ EN: 'Lucky', AR: 'حظ' });
  });
});
