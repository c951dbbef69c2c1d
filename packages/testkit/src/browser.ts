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
const launch = (): Promise<Browser> =>
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

let shared: Promise<Browser> | null = null;

/**
 * The worker's Chromium, started on first use and handed to each browser file in turn (a worker runs one file at a
 * time; decision 0155): a start costs 1.4 s and seconds of CPU, and files only ever use contexts of their own. What
 * a file gets is the browser with one difference: its `close()` closes every context open in it (the file's own) and
 * keeps the browser for the next file. Playwright ends the browser when the worker's process exits; a browser that
 * was lost meanwhile is started again.
 */
export const launchBrowser = async (): Promise<Browser> => {
  let browser = shared ? await shared.catch(() => null) : null;
  if (!browser?.isConnected()) {
    shared = launch();
    browser = await shared;
  }
  const closeContexts = async () => {
    await Promise.all(browser.contexts().map((context) => context.close()));
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return closeContexts;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
};

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
