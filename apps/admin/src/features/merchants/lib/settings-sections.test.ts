import { describe, expect, it } from 'vitest';
import { countErrorsBySection, sectionOfPath } from './settings-sections';

describe('settings sections', () => {
  it('finds the section that shows a field', () => {
    expect(sectionOfPath('region.blockedIpRanges.0')).toBe('region');
    expect(sectionOfPath('maintenance.endAt')).toBe('siteStatus');
    expect(sectionOfPath('themeTokens.dark.brand')).toBe('theme');
    expect(sectionOfPath('launchGameCDNs.2')).toBe('analytics');
    expect(sectionOfPath('loginVerification.methods.1')).toBe('loginVerification');
    expect(sectionOfPath('withdrawal.methods.1.maxAmount')).toBe('withdrawal');
    expect(sectionOfPath('root.form')).toBeNull();
  });

  it('counts errors per section', () => {
    expect(countErrorsBySection(['name', 'domains.1', 'region.allowedCountries.0', 'root.form'])).toEqual({
      general: 2,
      region: 1,
    });
  });
});
