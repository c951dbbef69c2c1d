import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './field-errors';
import { flattenWhitelabel, merchantSettingsSchema, regionRestrictionSchema } from './merchants';

const demoLikeSettings = {
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

describe('flattenWhitelabel', () => {
  it('maps each modId to whether it is on, a parent switched off switching off its children', () => {
    const flat = flattenWhitelabel([
      { modId: 'REG3', enabled: '1', childrenNodes: [{ modId: 'USERNAMEREG3', enabled: '1', childrenNodes: [] }] },
      { modId: 'AFFMAN3', enabled: '0', childrenNodes: [{ modId: 'DIVIDEND', enabled: '1', childrenNodes: [] }] },
    ]);
    expect(flat).toEqual({ REG3: true, USERNAMEREG3: true, AFFMAN3: false, DIVIDEND: false });
  });
});

describe('region restriction settings', () => {
  it('accepts IPv4 and IPv6 addresses and CIDR ranges, and refuses anything else', () => {
    const ok = regionRestrictionSchema.safeParse({
      allowedCountries: ['sg'],
      blockedCountries: [],
      allowedIpRanges: ['10.0.0.1', '2001:db8::/32'],
      blockedIpRanges: ['192.168.0.0/16', '::1'],
    });
    expect(ok.success && ok.data.allowedCountries).toEqual(['SG']);
    for (const bad of ['abc', '300.1.1.1', '10.0.0.0/33', 'localhost']) {
      const result = regionRestrictionSchema.safeParse({
        allowedCountries: [],
        blockedCountries: [],
        allowedIpRanges: [],
        blockedIpRanges: [bad],
      });
      expect(result.success, bad).toBe(false);
    }
  });
});

describe('withdrawal settings', () => {
  const settingsWith = (withdrawal: unknown, currency = 'USD') => {
    const base = merchantSettingsSchema.parse(demoLikeSettings);
    return merchantSettingsSchema.safeParse({ ...base, currency, withdrawal });
  };
  const codesOf = (result: ReturnType<typeof settingsWith>) =>
    result.success ? [] : issuesToFieldErrors(result.error.issues);
  const limits = (minAmount: string, maxAmount: string, kind = 'bank_account') => ({
    autoConfirmMinutes: 120,
    dailyCount: 5,
    methods: [{ kind, minAmount, maxAmount }],
  });

  it('accepts limits within the currency’s digits, the maximum not below the minimum', () => {
    expect(settingsWith(limits('50', '50')).success).toBe(true);
    expect(settingsWith(limits('0.01', '99999.99')).success).toBe(true);
    expect(settingsWith(limits('1.005', '2'), 'KWD').success).toBe(true);
  });

  it('names the very field of a bad limit with the code the form shows', () => {
    expect(codesOf(settingsWith(limits('abc', '100')))).toEqual([
      { path: 'withdrawal.methods.0.minAmount', code: 'amount_not_numeric' },
    ]);
    expect(codesOf(settingsWith(limits('0', '100')))).toEqual([
      { path: 'withdrawal.methods.0.minAmount', code: 'amount_not_positive' },
    ]);
    expect(codesOf(settingsWith(limits('500', '100')))).toEqual([
      { path: 'withdrawal.methods.0.maxAmount', code: 'field_too_small', params: { min: 500 } },
    ]);
    expect(codesOf(settingsWith(limits('10.005', '100')))).toEqual([
      { path: 'withdrawal.methods.0.minAmount', code: 'amount_too_precise' },
    ]);
    expect(codesOf(settingsWith(limits('10', '100.5'), 'JPY'))).toEqual([
      { path: 'withdrawal.methods.0.maxAmount', code: 'amount_too_precise' },
    ]);
  });

  it('refuses a payout kind listed twice, a zero daily count and a confirmation window past 30 days', () => {
    const twice = limits('10', '100');
    twice.methods.push({ kind: 'bank_account', minAmount: '20', maxAmount: '200' });
    expect(codesOf(settingsWith(twice))).toEqual([{ path: 'withdrawal.methods.1.kind', code: 'field_invalid' }]);
    expect(codesOf(settingsWith({ ...limits('10', '100'), dailyCount: 0 }))).toEqual([
      { path: 'withdrawal.dailyCount', code: 'field_too_small', params: { min: 1 } },
    ]);
    expect(codesOf(settingsWith({ ...limits('10', '100'), autoConfirmMinutes: 43_201 }))).toEqual([
      { path: 'withdrawal.autoConfirmMinutes', code: 'field_too_large', params: { max: 43_200 } },
    ]);
  });
});
