import { merchantSettingsSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectErrorPaths } from './collect-error-paths';
import { contractResolver, toFlatFormErrors } from './contract-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('contractResolver', () => {
  const schema = z.strictObject({
    name: z.string().trim().min(1).max(5),
    list: z.array(z.string().regex(/^[a-z]+$/, { message: 'field_invalid' })),
    size: z.number().int().min(2),
  });

  it('returns parsed values when valid', async () => {
    const result = await contractResolver(schema)({ name: ' ab ', list: ['x'], size: 3 }, undefined, options);
    expect(result).toEqual({ values: { name: 'ab', list: ['x'], size: 3 }, errors: {} });
  });

  it('keeps the platform codes and their params, nested at the field paths', async () => {
    const result = await contractResolver(schema)(
      { name: 'toolong', list: ['ok', 'B4D'], size: 1 },
      undefined,
      options,
    );
    expect(result.values).toEqual({});
    expect(collectErrorPaths(result.errors).sort()).toEqual(['list.1', 'name', 'size']);
    expect(result.errors).toMatchObject({
      name: { type: 'field_too_long', message: 'field_too_long', types: { max: '5' } },
      size: { type: 'field_too_small', types: { min: '2' } },
    });
  });

  it('adds the extra checks even when the schema passes', async () => {
    const resolver = contractResolver(schema, () => [{ path: 'list.0', code: 'field_invalid' }]);
    const result = await resolver({ name: 'a', list: ['x'], size: 2 }, undefined, options);
    expect(collectErrorPaths(result.errors)).toEqual(['list.0']);
  });

  it('maps an empty required string to not_empty, as the server does', () => {
    const parsed = merchantSettingsSchema.safeParse({});
    expect(parsed.success).toBe(false);
    expect(
      toFlatFormErrors([
        { path: 'name', code: 'not_empty' },
        { path: 'name', code: 'field_invalid' },
      ]),
    ).toEqual({
      name: { type: 'not_empty', message: 'not_empty' },
    });
  });
});

describe('collectErrorPaths', () => {
  it('walks nested objects and arrays and ignores the DOM ref', () => {
    const errors = {
      region: { blockedIpRanges: [undefined, { type: 'field_invalid', message: 'field_invalid', ref: { name: 'x' } }] },
      name: { type: 'not_empty', message: 'not_empty' },
    };
    expect(collectErrorPaths(errors)).toEqual(['region.blockedIpRanges.1', 'name']);
  });
});
