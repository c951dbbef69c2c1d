import { merchantSettingsSchema } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collectErrorPaths } from './collect-error-paths';
import { contractResolver, toFlatFormErrors } from './contract-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

const validSettings = {
  name: 'Demo',
  enabled: true,
  domains: ['localhost'],
  defaultLanguage: 'EN',
  supportedLanguages: ['EN'],
  currency: 'USD',
  timeZone: 'UTC',
  themeTokens: { light: {}, dark: {} },
  whitelabel: [],
  registerRules: {},
  maintenance: { enabled: false, startAt: null, endAt: null },
  region: { allowedCountries: [], blockedCountries: [], allowedIpRanges: [], blockedIpRanges: [] },
  customerService: [],
  domainRoutes: [],
  resources: [],
  mainDomain: 'localhost',
  analytics: { gtagId: null },
  imageCDNs: [],
  launchGameCDNs: [],
};

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

  it('refuses an IP range that is not an address or CIDR, at the entry that holds it', async () => {
    const base = merchantSettingsSchema.parse(validSettings);
    const values = { ...base, region: { ...base.region, blockedIpRanges: ['127.0.0.1/32', 'abc'] } };
    const result = await contractResolver(merchantSettingsSchema)(values, undefined, options);
    expect(collectErrorPaths(result.errors)).toEqual(['region.blockedIpRanges.1']);
    expect(result.errors).toMatchObject({ region: { blockedIpRanges: [undefined, { message: 'field_invalid' }] } });
  });

  it('maps an emptied required text to not_empty, as the server does', async () => {
    const result = await contractResolver(schema)({ name: '  ', list: [], size: 2 }, undefined, options);
    expect(result.errors).toMatchObject({ name: { type: 'not_empty' } });
  });

  it('keeps the first error of a path', () => {
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
