/**
 * The CPU the member home page costs while nobody touches it (no dialog open): every Chromium process this bench
 * started (browser, renderer, GPU/compositor), summed from /proc/<pid>/stat over 10 s, measured 4 s after the page's
 * moving parts (notice ticker, winners board, jackpot dot) are in place. Reported as percent of one core.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';

const TICKS_PER_SECOND = 100;

/** utime + stime (clock ticks) of every Chromium process descending from this one. */
const chromiumTicks = (): number => {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  const chromium = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(pid, Number(fields[1]));
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) chromium.add(pid);
    } catch {
      // The process ended while being read.
    }
  }
  const descendsFromUs = (pid: number): boolean => {
    for (let current = parents.get(pid); current !== undefined && current > 1; current = parents.get(current)) {
      if (current === process.pid) return true;
    }
    return false;
  };
  let total = 0;
  for (const pid of chromium) if (descendsFromUs(pid)) total += ticks.get(pid) ?? 0;
  return total;
};

export interface IdleOptions {
  viewport: { width: number; height: number };
  /** The member asked for less motion: the page with nothing moving, the baseline. */
  reducedMotion: boolean;
  /**
   * Where the page is scrolled to: its top (the notice ticker in view), the winners board (drawn only once the page
   * comes near it), or the page's end past the board (at 390 px the board is off-screen there; at 1440 px it stays
   * just beneath the sticky header, so it counts as in view).
   */
  at: 'top' | 'winners' | 'end';
}

/** Percent of one core Chromium used over 10 s, 4 s after the home page settled, no dialog open. */
export const idleCpu = async (browser: Browser, url: string, options: IdleOptions): Promise<number> => {
  const context = await browser.newContext({
    viewport: options.viewport,
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  // The first-visit announcement stays closed: the page alone is measured.
  await context.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.locator('[data-ticker] li').first().waitFor();
    if (options.at !== 'top') {
      const board = page.locator('[data-winners-board]');
      for (let step = 0; step < 40 && (await board.count()) === 0; step += 1) {
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(250);
      }
      await board.scrollIntoViewIfNeeded();
      // The mouse left over the board would hold its loop (hover pauses it).
      await page.mouse.move(0, 0);
      if (options.at === 'end') await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    }
    await page.waitForTimeout(4000);
    if ((await page.locator('dialog[open]').count()) > 0)
      throw new Error('a dialog is open: the idle page is not measured');
    const before = chromiumTicks();
    const started = performance.now();
    await page.waitForTimeout(10_000);
    const used = chromiumTicks() - before;
    const seconds = (performance.now() - started) / 1000;
    return (used / TICKS_PER_SECOND / seconds) * 100;
  } finally {
    await context.close();
  }
};
