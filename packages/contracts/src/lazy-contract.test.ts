import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { lazyContract } from './lazy-contract';

describe('lazyContract', () => {
  it('builds its value once, on the first read, and not before', () => {
    let builds = 0;
    const schema = lazyContract(() => {
      builds += 1;
      return z.object({ id: z.string() });
    });
    expect(builds).toBe(0);
    expect(schema.safeParse({ id: 'a' }).success).toBe(true);
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands in for a zod schema inside other schemas, through chains, extends and unions', () => {
    const money = lazyContract(() => z.string().regex(/^\d+\.\d{2}$/));
    const base = lazyContract(() => z.object({ amount: money, note: z.string().optional() }));
    const extended = lazyContract(() => base.extend({ kind: z.literal('deposit') }));
    const either = lazyContract(() =>
      z.discriminatedUnion('kind', [extended, z.object({ kind: z.literal('withdrawal'), amount: money })]),
    );
    expect(either.parse({ kind: 'deposit', amount: '1.00' })).toEqual({ kind: 'deposit', amount: '1.00' });
    expect(either.safeParse({ kind: 'withdrawal', amount: '1' }).success).toBe(false);
    expect(base.optional().parse(undefined)).toBeUndefined();
    expect(base.shape.amount.parse('2.50')).toBe('2.50');
    expect(base instanceof z.ZodObject).toBe(true);
    expect(Object.keys(base.shape)).toEqual(['amount', 'note']);
  });

  it('stands in for an endpoint table: reads, keys, entries and spreads', () => {
    const endpoints = lazyContract(() => ({
      list: defineEndpoint({
        name: 'games.list',
        method: 'GET',
        path: '/games',
        moduleIds: [],
        access: access.visitor,
        encrypted: false,
        request: z.object({}),
        response: z.array(z.string()),
        summary: 'list',
      }),
    }));
    expect(endpoints.list.path).toBe('/games');
    expect(Object.keys(endpoints)).toEqual(['list']);
    expect({ ...endpoints }.list.name).toBe('games.list');
    expect('list' in endpoints).toBe(true);
    expect(Object.entries(endpoints).map(([key]) => key)).toEqual(['list']);
  });

  it('refuses a value that is not an object when it is first read', () => {
    const wrong = lazyContract(() => 42 as unknown as object);
    expect(() => Object.keys(wrong)).toThrow(TypeError);
  });
});
