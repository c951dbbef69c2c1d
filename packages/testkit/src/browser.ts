import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium binary itself, not its /usr/bin/chromium launcher script: the script adds flags for a desktop
 * (GPU rasterization, which headless does in software emulation, and the component extensions loaded) that cost the
 * tests CPU and test nothing (decision 0155).
 */
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_BINARY) ? DEBIAN_BINARY : '/usr/bin/chromium');

/** Debian's Chromium, headless, with the flags this closed network needs (no background connections). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/** A fresh context (own storage) and page at a viewport; `locale` sets navigator.language. */
export const newPage = async (
  browser: Browser,
  options: { viewport?: keyof typeof VIEWPORTS; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  return { context, page };
};
