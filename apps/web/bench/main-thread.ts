/**
 * The page's main thread during a first load, read from a Chromium trace: a fresh browser for each load (so
 * nothing is cached or compiled), the phone viewport, no throttling. Lighthouse's mobile profile records the same
 * load at full speed and simulates the phone from it, multiplying every main-thread task by four; these figures say
 * which work its blocking time and paint times are made of, with less noise than its score.
 */
import { launchBrowser, VIEWPORTS } from '@tessera/testkit';

type Kind = 'script' | 'style' | 'layout' | 'paint' | 'other';

export interface MainThreadFigures {
  /** All main-thread tasks from the navigation until 3.5 s after the load event, in ms. */
  busy: number;
  /** Of those, the tasks that began before the first contentful paint. */
  beforeFcp: number;
  /** The tasks after the first contentful paint, by what they spent their time on. */
  afterFcp: Record<Kind, number>;
  /** Blocking time as Lighthouse's simulation would count it: each task after FCP times four, less 50 ms. */
  blockingTimes4: number;
  /** Tasks after FCP longer than 12.5 ms (50 ms once multiplied). */
  longTasksAfterFcp: number;
  fcp: number;
  lcp: number;
  /** Time in font matching (FontCache lookups), a per-machine cost that lands in layout. */
  fontLookup: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

const SCRIPT =
  /^(FunctionCall|TimerFire|FireIdleCallback|FireAnimationFrame|RunMicrotasks|EvaluateScript|v8\.|EventDispatch)/;

const kindOf = (name: string): Kind => {
  if (name === 'UpdateLayoutTree') return 'style';
  if (name === 'Layout') return 'layout';
  if (/^(Paint|PrePaint|Layerize|Commit|PaintImage|UpdateLayer|Decode)/.test(name)) return 'paint';
  if (SCRIPT.test(name)) return 'script';
  return 'other';
};

const durationOf = (event: TraceEvent) => (event.dur ?? 0) / 1000;

const totalOf = (events: TraceEvent[]) => events.reduce((sum, event) => sum + durationOf(event), 0);

/**
 * The page's renderer main thread: the one whose process painted the first contentful paint, else the renderer that
 * did the most work (other renderers are the browser's own; a spare one can be busier than the page's).
 */
const pageThreadOf = (events: TraceEvent[]) => {
  const painted = new Set(events.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.pid));
  let best: { pid: number; tid: number } | undefined;
  let bestBusy = -1;
  const renderers = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const candidates = renderers.some((thread) => painted.has(thread.pid))
    ? renderers.filter((thread) => painted.has(thread.pid))
    : renderers;
  for (const thread of candidates) {
    const busy = totalOf(
      events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ph === 'X'),
    );
    if (busy > bestBusy) {
      bestBusy = busy;
      best = { pid: thread.pid, tid: thread.tid };
    }
  }
  if (!best) throw new Error('The trace has no renderer main thread');
  return best;
};

/** The events not inside another of them, in order (trace events nest: a task's steps, a lookup that calls itself). */
const outermostOf = (events: TraceEvent[]) => {
  const outermost: TraceEvent[] = [];
  let coveredUntil = 0;
  for (const event of [...events].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    if (event.ts < coveredUntil) continue;
    coveredUntil = event.ts + (event.dur ?? 0);
    outermost.push(event);
  }
  return outermost;
};

/**
 * Each task's time by kind: its outermost child events. The rest of the task is "other": work these trace
 * categories do not name, mostly many short tasks of loading and messages.
 */
const addKinds = (task: TraceEvent, events: TraceEvent[], into: Record<Kind, number>) => {
  const end = task.ts + (task.dur ?? 0);
  const children = outermostOf(
    events.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end),
  );
  for (const child of children) into[kindOf(child.name)] += durationOf(child);
  into.other += Math.max(0, durationOf(task) - totalOf(children));
};

const traceOnce = async (url: string): Promise<MainThreadFigures | undefined> => {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (batch) => events.push(...(batch.value as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'fonts'],
      },
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3500);
    await cdp.send('Tracing.end');
    await complete;

    const thread = pageThreadOf(events);
    const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
    const tasks = own.filter((e) => e.name === 'RunTask' && e.ph === 'X');
    const start = tasks[0]?.ts ?? 0;
    const inProcess = events.filter((e) => e.pid === thread.pid);
    const fcpAt = inProcess.find((e) => e.name === 'firstContentfulPaint')?.ts;
    if (fcpAt === undefined) return undefined;
    const lcpAt = inProcess.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1)?.ts ?? start;
    const afterFcp: Record<Kind, number> = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
    const later = tasks.filter((task) => task.ts >= fcpAt);
    for (const task of later) addKinds(task, own, afterFcp);
    return {
      busy: totalOf(tasks),
      beforeFcp: totalOf(tasks.filter((task) => task.ts < fcpAt)),
      afterFcp,
      blockingTimes4: later.reduce((sum, task) => sum + Math.max(0, 4 * durationOf(task) - 50), 0),
      longTasksAfterFcp: later.filter((task) => durationOf(task) > 12.5).length,
      fcp: (fcpAt - start) / 1000,
      lcp: (lcpAt - start) / 1000,
      fontLookup: totalOf(outermostOf(own.filter((e) => e.name === 'FontCache::GetFontPlatformData'))),
    };
  } finally {
    await browser.close();
  }
};

/** One load's figures; a trace without a first contentful paint (Chromium sometimes leaves it out) is taken again. */
export const traceFirstLoad = async (url: string): Promise<MainThreadFigures> => {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const figures = await traceOnce(url);
    if (figures) return figures;
  }
  throw new Error('Three traces in a row had no first contentful paint');
};
