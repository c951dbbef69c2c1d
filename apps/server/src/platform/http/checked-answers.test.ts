import { describe, expect, it } from 'vitest';
import { checkedAnswerOf, deepFreeze, rememberCheckedAnswer } from './checked-answers';

describe('answers checked once', () => {
  it('gives back the envelope remembered for the same frozen value and schema only', () => {
    const schema = {};
    const value = deepFreeze({ games: [{ name: 'a' }], total: 1 });
    expect(checkedAnswerOf(value, schema)).toBeUndefined();
    rememberCheckedAnswer(value, schema, '{"ok":1}');
    expect(checkedAnswerOf(value, schema)).toBe('{"ok":1}');
    expect(checkedAnswerOf(value, {})).toBeUndefined();
    expect(checkedAnswerOf({ games: [{ name: 'a' }], total: 1 }, schema)).toBeUndefined();
  });

  it('remembers nothing for a value that can still change', () => {
    const schema = {};
    const value = { total: 1 };
    rememberCheckedAnswer(value, schema, '{}');
    expect(checkedAnswerOf(value, schema)).toBeUndefined();
  });

  it('freezes every level, so a later write throws instead of going unseen', () => {
    const value = deepFreeze({ games: [{ name: 'a', tags: ['x'] }] });
    expect(Object.isFrozen(value.games[0]?.tags)).toBe(true);
    expect(() => {
      (value.games[0] as { name: string }).name = 'b';
    }).toThrow(TypeError);
  });
});
