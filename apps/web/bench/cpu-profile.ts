/**
 * Which functions the main thread runs during the first load of `/`: a V8 CPU profile (CDP `Profiler`) of the page
 * at the phone viewport with 4x CPU slowdown, a fresh browser each load, from navigation until 3.5 s after the
 * load event. Each sample's time goes to its function's self time and, through the build's source maps, to the
 * source file it came from (the first screen is one script, so its URL alone says nothing). Garbage collection,
 * compilation and idle time are V8's own nodes (`(garbage collector)`, `(program)`, `(idle)`).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser, VIEWPORTS } from '@tessera/testkit';
import { SourceMapConsumer } from 'source-map-js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileFigures {
  /** Self time by function (name and source position), in ms. */
  functions: Map<string, number>;
  /** Self time by source file (a package's files grouped under the package), in ms. */
  sources: Map<string, number>;
  /**
   * Time with each of the site's own functions on the stack (itself or what it calls, each sample counted once per
   * function), in ms: which component or start-up step the work above was done for.
   */
  inclusive: Map<string, number>;
  /** All non-idle time, in ms. */
  busy: number;
}

const DIST = path.resolve(import.meta.dirname, '../dist');
const REPOSITORY = path.resolve(import.meta.dirname, '../../..');

const consumers = new Map<string, Promise<SourceMapConsumer | null>>();

/** The source map of a built script of ours, by its URL; none for the browser's own or unmapped scripts. */
const consumerFor = (url: string) => {
  const known = consumers.get(url);
  if (known) return known;
  const loading = (async () => {
    if (!/\/assets\/[^/]+\.js$/.test(url)) return null;
    try {
      const map = JSON.parse(await readFile(path.join(DIST, `${new URL(url).pathname}.map`), 'utf8'));
      return new SourceMapConsumer(map);
    } catch {
      return null;
    }
  })();
  consumers.set(url, loading);
  return loading;
};

/** A source path shortened to what names it: `pkg:<package>` for dependencies, the repository path otherwise. */
const sourceName = (source: string) => {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + 'node_modules/'.length).split('/');
    return `pkg:${rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  return path.relative(REPOSITORY, path.resolve(DIST, 'assets', source));
};

const profileOnce = async (url: string): Promise<CpuProfile> => {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(() => sessionStorage.setItem('ANONYMOUS_POPUP', 'closed'));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
    return profile;
  } finally {
    await browser.close();
  }
};

const add = (into: Map<string, number>, key: string, ms: number) => into.set(key, (into.get(key) ?? 0) + ms);

/** One profiled load, its samples attributed to functions and source files. */
export const profileFirstLoad = async (url: string): Promise<ProfileFigures> => {
  const profile = await profileOnce(url);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const named = new Map<number, { name: string; source: string }>();
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const consumer = frame.url ? await consumerFor(frame.url) : null;
    const original = consumer?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    const source = original?.source
      ? sourceName(original.source)
      : frame.url
        ? new URL(frame.url).pathname
        : frame.functionName;
    const name = `${original?.name ?? (frame.functionName || '(anonymous)')}  ${source}${original?.line ? `:${original.line}` : ''}`;
    named.set(node.id, { name, source });
  }
  const figures: ProfileFigures = { functions: new Map(), sources: new Map(), inclusive: new Map(), busy: 0 };
  for (const [id, ms] of selfMs) {
    const node = nodes.get(id);
    const own = named.get(id);
    if (!node || !own || node.callFrame.functionName === '(idle)') continue;
    figures.busy += ms;
    add(figures.functions, own.name, ms);
    add(figures.sources, own.source, ms);
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) {
      const frame = named.get(at);
      if (frame && /^(apps|packages)\//.test(frame.source)) onStack.add(frame.name);
    }
    for (const name of onStack) add(figures.inclusive, name, ms);
  }
  return figures;
};
