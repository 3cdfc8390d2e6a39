// The spam check's cost to a visitor (docs/operations.md#spam-challenge), for `npm run bench:web`:
// the ALTCHA widget of the lead forms solving its challenge in Chromium, as the browser runs it (its
// own fetch of the challenge and its own workers), timed by the widget's documented `statechange`
// events from `verifying` (it starts: the challenge is fetched, then solved) to `verified`.
import { chromium, type Browser } from '@playwright/test';
import { percentile } from './sampling.ts';

export interface WidgetSolveOptions {
  /** The site and API, as bench:web serves them. */
  baseUrl: string;
  /** Pages with a lead form that carries the check, taken in turn. */
  paths: string[];
  /** Fresh page loads measured at each rate. */
  runs: number;
  /** CPU slowdown (CDP `Emulation.setCPUThrottlingRate`); 1 is the machine's own speed. */
  rate: number;
  executablePath: string;
  args: string[];
}

export interface WidgetSolve {
  /** From `verifying` to `verified`, in ms, one per page load. */
  solveMs: number[];
  /** From `verifying` to the challenge's arrival (the response's end, Resource Timing), in ms. */
  fetchMs: number[];
  /** From the visitor's first touch of the form (its code then loads) to `verified`, in ms. */
  touchMs: number[];
  /** The number each solution found: the hashes it took, less one. */
  numbers: number[];
}

interface Seen {
  state: string;
  at: number;
  payload?: string;
}

declare global {
  interface Window {
    __widgetStates?: Seen[];
  }
}

/**
 * Every state the widget goes through, with the page's clock. The widget's events do not bubble,
 * so they are taken on their way down (capture on window), from before the page's own code runs.
 */
function recordWidgetStates() {
  window.__widgetStates = [];
  window.addEventListener(
    'statechange',
    (event) => {
      if (!(event.target instanceof Element) || event.target.localName !== 'altcha-widget') return;
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      window.__widgetStates!.push({ state, at: performance.now(), payload });
    },
    true,
  );
}

/** One fresh page load: a new context (no cache, no session storage), throttled before it loads. */
async function once(browser: Browser, url: string, rate: number) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.addInitScript(recordWidgetStates);
    await page.goto(url, { waitUntil: 'load' });
    // A visitor comes to the form: its code loads on that (docs/web.md#islands), the widget with it.
    const field = page.locator('[data-island="lead-form"] form input:not([type="hidden"])').first();
    await field.scrollIntoViewIfNeeded();
    const touched = await page.evaluate(() => performance.now());
    await field.click();
    // Polled from here rather than in the throttled page, which would only slow the polling down.
    const settled = () =>
      page.evaluate(() => window.__widgetStates!.some((s) => s.state === 'verified' || s.state === 'error'));
    for (const deadline = Date.now() + 60_000; !(await settled());) {
      if (Date.now() > deadline) {
        const seen = await page.evaluate(() => window.__widgetStates!.map((s) => s.state));
        // The touch did not start the form's code (no widget): that run says nothing of the solving.
        if (seen.length === 0) return undefined;
        throw new Error(`${url}: the widget did not solve within 60 s (${seen.join(' → ')})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const { states, fetched } = await page.evaluate(() => ({
      states: window.__widgetStates!,
      fetched: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
        (e) => new URL(e.name).pathname === '/api/spam-challenge',
      )?.responseEnd,
    }));
    const verifying = states.find((s) => s.state === 'verifying');
    const verified = states.find((s) => s.state === 'verified');
    if (!verifying || !verified?.payload || fetched === undefined)
      throw new Error(`${url}: the widget did not solve (${states.map((s) => s.state).join(' → ')})`);
    const solution = JSON.parse(Buffer.from(verified.payload, 'base64').toString('utf8')) as {
      number: number;
    };
    return {
      solveMs: verified.at - verifying.at,
      fetchMs: fetched - verifying.at,
      touchMs: verified.at - touched,
      number: solution.number,
    };
  } finally {
    await context.close();
  }
}

export async function measureWidgetSolve(opts: WidgetSolveOptions): Promise<WidgetSolve> {
  const browser = await chromium.launch({ executablePath: opts.executablePath, args: opts.args });
  const result: WidgetSolve = { solveMs: [], fetchMs: [], touchMs: [], numbers: [] };
  try {
    for (let i = 0; i < opts.runs; i++) {
      const url = `${opts.baseUrl}${opts.paths[i % opts.paths.length]}`;
      let run = await once(browser, url, opts.rate);
      for (let attempt = 2; !run && attempt <= 3; attempt++) {
        console.log(`  ${url}: the form's code did not start on the touch; loading it again`);
        run = await once(browser, url, opts.rate);
      }
      if (!run) throw new Error(`${url}: the form's code did not start on the touch, three times`);
      result.solveMs.push(run.solveMs);
      result.fetchMs.push(run.fetchMs);
      result.touchMs.push(run.touchMs);
      result.numbers.push(run.number);
    }
  } finally {
    await browser.close();
  }
  return result;
}

/** The challenge's work as the server issues it: the largest number it hides (SPAM_CHALLENGE_MAX_NUMBER). */
export async function challengeMaxNumber(baseUrl: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/spam-challenge`);
  if (!res.ok) throw new Error(`GET /api/spam-challenge answered ${res.status}`);
  return Number(((await res.json()) as { maxnumber: number }).maxnumber);
}

export const summary = (ms: number[]) => ({
  p50: percentile(ms, 50),
  p95: percentile(ms, 95),
  max: Math.max(...ms),
});
