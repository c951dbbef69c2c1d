import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/**
 * Debian's Chromium, headless: its headless shell (`apt-get install chromium-headless-shell`, the same Chromium
 * release without the browser's window, tabs, omnibox and GPU process) when installed, else Chromium's own binary
 * (not its /usr/bin/chromium launcher script, which adds desktop flags that cost CPU in software emulation). The
 * headless shell is what Playwright's own headless mode runs; it renders with the same Blink and took 37% less time
 * over the same browser files (decision 0156). `CHROMIUM_PATH` picks another binary, e.g. the full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const DEBIAN_BINARY = '/usr/lib/chromium/chromium';
const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  [HEADLESS_SHELL, DEBIAN_BINARY].find((candidate) => existsSync(candidate)) ??
  '/usr/bin/chromium';

/** The flags this closed network needs (no background connections); the full browser also runs headless. */
const CHROMIUM_ARGS = [
  ...(CHROMIUM_EXECUTABLE.endsWith('headless-shell') ? [] : ['--headless=new']),
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, headless, with the flags above. */
const launch = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });

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
