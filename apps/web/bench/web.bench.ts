/**
 * npm run bench:web — the member site's first load of `/`, on the production build (run `npm run build` first).
 * 1. Bytes: every script and stylesheet the browser fetches to show `/` to a first-time visitor until the network
 *    is idle (entry, preloads, lazily loaded locale chunks), with the size the server sent (gzip or brotli) and
 *    each file gzipped at level 9, against the 170 KB JavaScript budget.
 * 2. Largest Contentful Paint from Chromium's own PerformanceObserver, at desktop width unthrottled and at phone
 *    width with 4x CPU slowdown and a 1.6 Mbps / 150 ms network applied through CDP, median of 5.
 * 3. Lighthouse 12 (npm package) driving the same Chromium: the mobile profile's performance score and LCP
 *    (median of 3), and the desktop preset's once.
 * The server is the built one with the demo content (testkit), on DATABASE_URL's PostgreSQL when set.
 * `npm run bench:web -- --bytes` measures the bytes only; `-- --trace` the main thread's work instead of Lighthouse
 * (main-thread.ts), median of 7 loads; `-- --profile` which functions and source files that work is, from CPU profiles
 * at 4x CPU slowdown (cpu-profile.ts), the mean of 3 loads; `-- --idle` the CPU Chromium uses on the settled home page
 * with no dialog open (idle-cpu.ts), at 1440 and 390 px, against the same page with reduced motion (nothing moves),
 * interleaved, median of 3.
 */

import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startTestServer } from '@tessera/testkit';
import type { Browser } from 'playwright-core';
import { type ProfileFigures, profileFirstLoad } from './cpu-profile';
import { idleCpu } from './idle-cpu';
import { runLighthouse } from './lighthouse';
import { type MainThreadFigures, traceFirstLoad } from './main-thread';

const JS_BUDGET = 170 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

interface LoadedFile {
  url: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  /** What travelled: the response's content-encoding and its length. */
  encoding: string;
  sent: number;
}

const firstLoadBytes = async (browser: Browser, url: string): Promise<LoadedFile[]> => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  const page = await context.newPage();
  const files: LoadedFile[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body();
        const headers = await response.allHeaders();
        const sizes = await response.request().sizes();
        files.push({
          url: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          encoding: headers['content-encoding'] ?? 'identity',
          sent: sizes.responseBodySize,
        });
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('[data-carousel]').waitFor();
  await Promise.all(pending);
  await context.close();
  return files;
};

const lcpOnce = async (browser: Browser, url: string, profile: 'desktop' | 'mobile') => {
  const context = await browser.newContext({
    viewport: profile === 'desktop' ? { width: 1440, height: 900 } : { width: 390, height: 844 },
  });
  await context.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
  const page = await context.newPage();
  if (profile === 'mobile') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('[data-carousel] img').first().waitFor();
  const lcp = await page.evaluate(
    () =>
      new Promise<{ time: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element | null };
          if (last) resolve({ time: last.startTime, element: last.element?.tagName.toLowerCase() ?? '?' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return lcp;
};

const printBytes = (files: LoadedFile[]) => {
  const js = files.filter((file) => file.kind === 'js');
  const css = files.filter((file) => file.kind === 'css');
  const sum = (list: LoadedFile[], key: 'raw' | 'gzip' | 'sent') => list.reduce((total, file) => total + file[key], 0);
  console.log('First load of / (production build): gzip -9 of each file, and what the server sent');
  for (const file of [...files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${file.kind.padEnd(3)} ${kb(file.gzip).padStart(9)}  (${kb(file.raw)} raw, sent ${kb(file.sent)} ${file.encoding})  ${file.url}`,
    );
  }
  const jsGzip = sum(js, 'gzip');
  console.log(
    `JavaScript: ${kb(jsGzip)} gzip in ${js.length} files (budget ${kb(JS_BUDGET)}: ${jsGzip <= JS_BUDGET ? 'within' : 'OVER'}); sent ${kb(sum(js, 'sent'))}`,
  );
  console.log(`CSS:        ${kb(sum(css, 'gzip'))} gzip in ${css.length} files; sent ${kb(sum(css, 'sent'))}`);
};

const printMainThread = async (url: string) => {
  const runs: MainThreadFigures[] = [];
  for (let run = 0; run < 7; run += 1) runs.push(await traceFirstLoad(url));
  const ms = (pick: (figures: MainThreadFigures) => number) => {
    const values = runs.map(pick);
    return `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)})`;
  };
  console.log('Main thread, first load of / at 390 px, unthrottled, fresh browser each (median of 7, range):');
  console.log(
    `  busy ${ms((r) => r.busy)}; before FCP ${ms((r) => r.beforeFcp)}; FCP ${ms((r) => r.fcp)}; LCP ${ms((r) => r.lcp)}`,
  );
  console.log(
    `  after FCP: script ${ms((r) => r.afterFcp.script)}, style ${ms((r) => r.afterFcp.style)}, layout ${ms((r) => r.afterFcp.layout)}, paint ${ms((r) => r.afterFcp.paint)}, untraced (loading, messages) ${ms((r) => r.afterFcp.other)}`,
  );
  console.log(
    `  tasks after FCP over 12.5 ms: median ${median(runs.map((r) => r.longTasksAfterFcp))}; their blocking time times four ${ms((r) => r.blockingTimes4)}; font matching ${ms((r) => r.fontLookup)}`,
  );
};

const printProfile = async (url: string) => {
  const runs: ProfileFigures[] = [];
  for (let run = 0; run < 3; run += 1) runs.push(await profileFirstLoad(url));
  const meanOf = (pick: (figures: ProfileFigures) => Map<string, number>) => {
    const totals = new Map<string, number>();
    for (const figures of runs) {
      for (const [key, ms] of pick(figures)) totals.set(key, (totals.get(key) ?? 0) + ms / runs.length);
    }
    return [...totals].sort((a, b) => b[1] - a[1]);
  };
  const busy = runs.reduce((sum, figures) => sum + figures.busy, 0) / runs.length;
  console.log(`CPU profile of the first load of / at 390 px, 4x CPU slowdown (mean of ${runs.length} loads):`);
  console.log(`  busy ${busy.toFixed(0)} ms (navigation until 3.5 s after load)`);
  console.log('  self time by source file:');
  for (const [source, ms] of meanOf((figures) => figures.sources).slice(0, 25)) {
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${source}`);
  }
  console.log('  self time by function:');
  for (const [name, ms] of meanOf((figures) => figures.functions).slice(0, 40)) {
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
  console.log("  the site's own functions, with what they call:");
  for (const [name, ms] of meanOf((figures) => figures.inclusive).slice(0, 40)) {
    console.log(`    ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  }
};

const load = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

const printIdle = async (browser: Browser, url: string) => {
  const viewports = { '1440 px': { width: 1440, height: 900 }, '390 px': { width: 390, height: 844 } };
  console.log(
    'Idle home page, no dialog open: Chromium CPU over 10 s after 4 s, % of one core (median of 3, interleaved)',
  );
  for (const [name, viewport] of Object.entries(viewports)) {
    const runs = { top: [] as number[], winners: [] as number[], end: [] as number[], still: [] as number[] };
    for (let run = 0; run < 3; run += 1) {
      runs.top.push(await idleCpu(browser, url, { viewport, reducedMotion: false, at: 'top' }));
      runs.winners.push(await idleCpu(browser, url, { viewport, reducedMotion: false, at: 'winners' }));
      runs.end.push(await idleCpu(browser, url, { viewport, reducedMotion: false, at: 'end' }));
      runs.still.push(await idleCpu(browser, url, { viewport, reducedMotion: true, at: 'top' }));
    }
    const still = median(runs.still);
    const line = (label: string, values: number[]) =>
      `  ${name.padEnd(7)} ${label.padEnd(34)} ${median(values).toFixed(1).padStart(5)}% (runs ${values.map((v) => v.toFixed(1)).join(', ')}); ${(median(values) / still).toFixed(2)}x the baseline`;
    console.log(line('top of the page (ticker in view)', runs.top));
    console.log(line('winners board in view', runs.winners));
    console.log(line("page's end (the ticker far off)", runs.end));
    console.log(line('top, reduced motion (baseline)', runs.still));
    console.log(`  ${load()}`);
  }
};

const main = async () => {
  const bytesOnly = process.argv.includes('--bytes');
  const traceOnly = process.argv.includes('--trace');
  const profileOnly = process.argv.includes('--profile');
  const idleOnly = process.argv.includes('--idle');
  const server = await startTestServer({ env: { SEED_DEMO_CONTENT: 'true' } });
  const browser = await launchBrowser();
  try {
    printBytes(await firstLoadBytes(browser, `${server.url}/`));
    if (bytesOnly) return;
    if (idleOnly) {
      await printIdle(browser, `${server.url}/`);
      return;
    }
    if (profileOnly) {
      await printProfile(`${server.url}/`);
      return;
    }
    if (traceOnly) {
      await printMainThread(`${server.url}/`);
      return;
    }
    for (const profile of ['desktop', 'mobile'] as const) {
      const runs = [];
      for (let run = 0; run < 5; run += 1) runs.push(await lcpOnce(browser, `${server.url}/`, profile));
      const times = runs.map((run) => run.time);
      console.log(
        `LCP ${profile.padEnd(7)} (PerformanceObserver): median ${median(times).toFixed(0)} ms (runs ${times.map((t) => t.toFixed(0)).join(', ')}; element ${runs[0]?.element}); ${load()}`,
      );
    }
    await browser.close();
    const mobile = [];
    for (let run = 0; run < 3; run += 1) mobile.push(await runLighthouse(`${server.url}/`, 'mobile'));
    const scores = mobile.map((run) => run.score);
    const lcps = mobile.map((run) => run.lcp);
    console.log(`Host benchmark index (Lighthouse): ${mobile.map((run) => run.benchmarkIndex.toFixed(0)).join(', ')}`);
    const middle = mobile.find((run) => run.score === median(scores)) ?? mobile[0];
    console.log(
      `Lighthouse mobile : score median ${median(scores)} (runs ${scores.join(', ')}), LCP median ${median(lcps).toFixed(0)} ms (runs ${lcps.map((t) => t.toFixed(0)).join(', ')}); ${load()}`,
    );
    if (middle) {
      console.log(
        `  median run: FCP ${middle.fcp.toFixed(0)} ms, TBT ${middle.tbt.toFixed(0)} ms, CLS ${middle.cls.toFixed(3)}, Speed Index ${middle.speedIndex.toFixed(0)} ms; LCP element ${middle.lcpElement}`,
      );
    }
    const desktop = await runLighthouse(`${server.url}/`, 'desktop');
    console.log(
      `Lighthouse desktop: score ${desktop.score}, LCP ${desktop.lcp.toFixed(0)} ms, FCP ${desktop.fcp.toFixed(0)} ms, TBT ${desktop.tbt.toFixed(0)} ms, CLS ${desktop.cls.toFixed(3)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
};

await main();
