/**
 * Lighthouse (the npm package, 12.x: the last line that runs on Node 20) against Debian's Chromium, launched
 * by chrome-launcher. The default config is Lighthouse's mobile profile: a Moto G Power sized screen, 4x CPU
 * slowdown and a simulated 1.6 Mbps / 150 ms network; `desktop` is its desktop preset.
 */
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

export interface LighthouseFigures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  lcpElement: string;
  /** Lighthouse's measure of the host's CPU speed (a typical desktop: 1000-2000); low means slow or busy. */
  benchmarkIndex: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

const runOnce = async (url: string, profile: 'mobile' | 'desktop'): Promise<LighthouseFigures> => {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' },
      profile === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details as
      | { items?: { items?: { node?: { selector?: string } }[] }[] }
      | undefined;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      fcp: numeric('first-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndex: numeric('speed-index'),
      lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.selector ?? '?',
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
};

/** One Lighthouse run; a run Lighthouse itself reports as failed (a runtime error) is repeated once. */
export const runLighthouse = async (url: string, profile: 'mobile' | 'desktop'): Promise<LighthouseFigures> => {
  try {
    return await runOnce(url, profile);
  } catch (error) {
    console.warn(`${error instanceof Error ? error.message : String(error)}; running it again`);
    return runOnce(url, profile);
  }
};
