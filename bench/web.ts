// `npm run bench:web`: builds the site, serves it as production does (the API's static middleware
// on an embedded database, precompressed files), and runs Lighthouse 12 (mobile defaults) three
// times on each public route with Debian's Chromium, a new browser for each run. BENCH_WEB_CPU_SLOWDOWN
// sets Lighthouse's CPU slowdown (4 by default, its phone; 8 for a phone twice as slow), and
// BENCH_WEB_ROUTES (comma-separated) measures only those routes. Prints the machine's yardstick
// (Lighthouse's benchmark index, and the load average) beside the medians, the JavaScript and CSS
// (gzip, as served: the bytes of the files' precompressed copies, which is what tests/e2e/site-budget
// counts) the landing page loads before any interaction, with the requests' count and their bytes
// on the wire (headers included), and a last summary line. Then the spam check's widget solving its
// challenge on the lead forms' pages (bench/lib/widget-solve.ts), BENCH_WEB_WIDGET_RUNS fresh page
// loads (20 by default, 0 skips it) with the CPU slowed as for Lighthouse and as many at full speed.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import type { SiteMap } from '../web/src/site-map-file.ts';
import { chromiumArgs } from '../tests/chromium.ts';
import { root, startApi, startDatabase } from './lib/stack.ts';
import { challengeMaxNumber, measureWidgetSolve, summary, type WidgetSolve } from './lib/widget-solve.ts';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.BENCH_WEB_CPU_SLOWDOWN ?? 4);
const WIDGET_RUNS = Number(process.env.BENCH_WEB_WIDGET_RUNS ?? 20);
const ONLY = process.env.BENCH_WEB_ROUTES?.split(',').filter(Boolean);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = chromiumArgs;

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsGz: number;
  cssGz: number;
  jsRequests: number;
  jsWire: number;
  benchmarkIndex: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function build() {
  console.log('building the site…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('building the site failed');
}

async function audit(url: string, port: number, site: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // Merged into the mobile defaults: only the CPU's slowdown differs.
    throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } as NonNullable<Flags['throttling']>,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  // Every request of the page load (Lighthouse does not interact): bytes on the wire, gzip here.
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)?.items ??
    [];
  const ofType = (type: string) => requests.filter((r) => r.resourceType === type);
  // A file's body as the server sends it: its precompressed copy when the build wrote one.
  const served = (r: Record<string, unknown>) => {
    const file = path.join(site, decodeURIComponent(new URL(String(r.url)).pathname));
    if (!file.startsWith(site + path.sep)) return 0;
    return statSync(existsSync(`${file}.gz`) ? `${file}.gz` : file).size;
  };
  const bytes = (type: string) => ofType(type).reduce((sum, r) => sum + served(r), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    jsGz: bytes('Script'),
    cssGz: bytes('Stylesheet'),
    jsRequests: ofType('Script').length,
    jsWire: ofType('Script').reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse now and then fails to record a page load's trace (NO_NAVSTART, NO_FCP): that run says
 * nothing of the page, so it is made again, twice at most.
 */
async function auditWithRetry(url: string, site: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    // A browser of its own for each run, as Lighthouse's own command line does: one browser through
    // all the runs measured the later routes slower (state it keeps from the earlier ones).
    const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
    try {
      return await audit(url, chrome.port, site);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  ${(err as Error).message}; measuring again`);
    } finally {
      chrome.kill();
    }
  }
}

/** The pages of the lead forms that carry the spam check, each with its own form first. */
const FORM_PAGES = ['/', '/get-started', '/schedule-demo'];

/**
 * The widget's solving time at the Lighthouse CPU slowdown and at full speed (the yardstick).
 * Chromium's CPU throttling (CDP) slows a page's main thread only, never its workers (a worker
 * target refuses it), and the widget hashes in workers: the throttled figures are therefore a floor,
 * and the full-speed ones times the slowdown a ceiling, of the same CPU slowed for every thread.
 */
async function widgetSolve(baseUrl: string) {
  const maxNumber = await challengeMaxNumber(baseUrl);
  const measure = (rate: number) =>
    measureWidgetSolve({
      baseUrl,
      paths: FORM_PAGES,
      runs: WIDGET_RUNS,
      rate,
      executablePath: CHROME,
      args: FLAGS,
    });
  const slowed = await measure(CPU_SLOWDOWN);
  const full = await measure(1);
  const ms = (n: number) => `${Math.round(n)} ms`;
  const line = (label: string, r: WidgetSolve, times = 1) => {
    const [s, fetch, touch] = [r.solveMs, r.fetchMs, r.touchMs].map((xs) =>
      summary(xs.map((t) => t * times)),
    );
    console.log(
      `${label.padEnd(44)} p50 ${ms(s!.p50)} p95 ${ms(s!.p95)} max ${ms(s!.max)}` +
        ` | challenge fetched after p50 ${ms(fetch!.p50)} | from the first touch of the form p50 ${ms(touch!.p50)} p95 ${ms(touch!.p95)}`,
    );
  };
  const tried = [...slowed.numbers, ...full.numbers];
  console.log(
    `widget solve: ${WIDGET_RUNS} fresh loads of ${FORM_PAGES.join(' ')} at each speed, ${maxNumber} SHA-256 hashes at most per challenge` +
      ` (SPAM_CHALLENGE_MAX_NUMBER), median solution ${median(tried)}`,
  );
  line(`widget solve, CPU ${CPU_SLOWDOWN}x (main thread; workers 1x)`, slowed);
  line('widget solve, CPU 1x (yardstick)', full);
  line(`widget solve, CPU 1x times ${CPU_SLOWDOWN} (every thread)`, full, CPU_SLOWDOWN);
  return { slowedP95: summary(slowed.solveMs).p95, boundP95: summary(full.solveMs).p95 * CPU_SLOWDOWN };
}

async function main() {
  build();
  // Every public page, as the build found them in the router's route tree.
  const routes = (
    JSON.parse(readFileSync(path.join(root, 'web/dist/routes.json'), 'utf8')) as SiteMap
  ).pages.filter((route) => !ONLY || ONLY.includes(route));
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `CPU slowdown ${CPU_SLOWDOWN}x, ${os.cpus().length} cores, load average at the start ${load()}`,
  );
  // Served from a copy, so a rebuild of web/dist meanwhile (npm start, the browser tests) cannot
  // pull files from under the measurement.
  const site = mkdtempSync(path.join(os.tmpdir(), 'lead-desk-site-'));
  cpSync(path.join(root, 'web/dist'), site, { recursive: true });
  const db = await startDatabase();
  // The spam check as `npm start` ships it (monitor), or as set; its widget is measured even when off.
  const spamChallenge =
    process.env.SPAM_CHALLENGE === 'off' ? 'monitor' : (process.env.SPAM_CHALLENGE ?? 'monitor');
  const api = await startApi(db.url, { STATIC_DIR: site, LOG_LEVEL: 'warn', SPAM_CHALLENGE: spamChallenge });
  const rows: { route: string; m: Run }[] = [];
  let widget: Awaited<ReturnType<typeof widgetSolve>> | undefined;
  try {
    for (const route of routes) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditWithRetry(`${api.url}${route}`, site));
      const m = Object.fromEntries(
        (Object.keys(runs[0]!) as (keyof Run)[]).map((k) => [k, median(runs.map((r) => r[k]))]),
      ) as unknown as Run;
      rows.push({ route, m });
      console.log(
        `${route.padEnd(15)} perf ${m.performance} a11y ${m.accessibility} bp ${m.bestPractices} seo ${m.seo}` +
          ` | FCP ${(m.fcpMs / 1000).toFixed(2)} s LCP ${(m.lcpMs / 1000).toFixed(2)} s TBT ${Math.round(m.tbtMs)} ms` +
          ` CLS ${m.cls.toFixed(3)} | JS ${(m.jsGz / 1024).toFixed(1)} KB CSS ${(m.cssGz / 1024).toFixed(1)} KB (gzip)` +
          ` | yardstick ${Math.round(m.benchmarkIndex)}`,
      );
    }
    if (WIDGET_RUNS > 0) {
      console.log(`load average before the widget ${load()}, spam challenge: ${spamChallenge}`);
      widget = await widgetSolve(api.url);
    }
  } finally {
    await api.stop();
    await db.stop();
    rmSync(site, { recursive: true, force: true });
  }
  console.log(`load average at the end ${load()}`);
  const landing = (rows.find((r) => r.route === '/') ?? rows[0]!).m;
  console.log(
    `landing page before interaction: JavaScript ${(landing.jsGz / 1024).toFixed(1)} KB gzip in ${landing.jsRequests} files` +
      ` (${(landing.jsWire / 1024).toFixed(1)} KB on the wire with their response headers), CSS ${(landing.cssGz / 1024).toFixed(1)} KB gzip`,
  );
  const min = (k: keyof Run) => Math.min(...rows.map((r) => r.m[k]));
  console.log(
    `min_performance: ${min('performance')} min_a11y: ${min('accessibility')} min_bp: ${min('bestPractices')} min_seo: ${min('seo')} landing_js_gz_kb: ${Math.round(landing.jsGz / 1024)}` +
      ` cpu_slowdown: ${CPU_SLOWDOWN} benchmark_index: ${Math.round(median(rows.map((r) => r.m.benchmarkIndex)))}`,
  );
  if (widget)
    console.log(
      `widget_solve_p95_ms_${CPU_SLOWDOWN}x: ${Math.round(widget.slowedP95)} (goal < 1000; main thread throttled, workers not)` +
        ` widget_solve_p95_ms_${CPU_SLOWDOWN}x_ceiling: ${Math.round(widget.boundP95)} (${CPU_SLOWDOWN} x the full-speed p95)`,
    );
}

await main();
