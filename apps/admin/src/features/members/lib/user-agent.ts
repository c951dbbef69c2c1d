/** Browsers in the order they must be tested: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const browsers: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/(\d+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d+)/ },
  { name: 'WeChat', pattern: /\bMicroMessenger\/(\d+)/ },
  { name: 'UC Browser', pattern: /\bUCBrowser\/(\d+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d+)/ },
  { name: 'Headless Chrome', pattern: /\bHeadlessChrome\/(\d+)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS)\/(\d+)/ },
  { name: 'Safari', pattern: /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\// },
];

const systems: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Android', pattern: /\bAndroid\b/ },
  { name: 'iOS', pattern: /\b(?:iPhone|iPad|iPod)\b/ },
  { name: 'Windows', pattern: /\bWindows\b/ },
  { name: 'macOS', pattern: /\bMac OS X\b|\bMacintosh\b/ },
  { name: 'ChromeOS', pattern: /\bCrOS\b/ },
  { name: 'Linux', pattern: /\bLinux\b/ },
];

const MAX_RAW = 40;

/**
 * A user agent as a person reads it: "Chrome 131 · Windows". What it cannot read (an app or a script) is cut to
 * 40 characters; the full text stays available to show on hover.
 */
export const shortUserAgent = (userAgent: string): string => {
  const ua = userAgent.trim();
  if (ua === '') return '';
  const browser = browsers.find((candidate) => candidate.pattern.test(ua));
  const system = systems.find((candidate) => candidate.pattern.test(ua));
  if (browser) {
    const version = browser.pattern.exec(ua)?.[1];
    const label = version ? `${browser.name} ${version}` : browser.name;
    return system ? `${label} · ${system.name}` : label;
  }
  return ua.length > MAX_RAW ? `${ua.slice(0, MAX_RAW - 1)}…` : ua;
};
