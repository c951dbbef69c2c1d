/** The sections of the merchant settings editor, in page order. */
export const settingsSections = [
  'general',
  'siteStatus',
  'region',
  'whitelabel',
  'registration',
  'loginVerification',
  'withdrawal',
  'customerService',
  'domainRoutes',
  'resources',
  'theme',
  'analytics',
] as const;
export type SettingsSection = (typeof settingsSections)[number];

const sectionOfKey: Record<string, SettingsSection> = {
  name: 'general',
  enabled: 'general',
  domains: 'general',
  defaultLanguage: 'general',
  supportedLanguages: 'general',
  currency: 'general',
  timeZone: 'general',
  mainDomain: 'general',
  maintenance: 'siteStatus',
  region: 'region',
  whitelabel: 'whitelabel',
  registerRules: 'registration',
  loginVerification: 'loginVerification',
  withdrawal: 'withdrawal',
  customerService: 'customerService',
  domainRoutes: 'domainRoutes',
  resources: 'resources',
  themeTokens: 'theme',
  analytics: 'analytics',
  imageCDNs: 'analytics',
  launchGameCDNs: 'analytics',
};

/** The section that shows the field at a settings path (`region.blockedIpRanges.0` -> `region`). */
export const sectionOfPath = (path: string): SettingsSection | null => sectionOfKey[path.split('.')[0] ?? ''] ?? null;

/** How many errors each section holds, for the section navigation and the error summary. */
export const countErrorsBySection = (paths: readonly string[]): Partial<Record<SettingsSection, number>> => {
  const counts: Partial<Record<SettingsSection, number>> = {};
  for (const path of paths) {
    const section = sectionOfPath(path);
    if (section) counts[section] = (counts[section] ?? 0) + 1;
  }
  return counts;
};
