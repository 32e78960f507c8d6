// `npm run bench:web`: the gzip JavaScript each route loads in the browser before it is usable (every
// script fetched until the page is idle, service worker bypassed) and the Lighthouse performance score
// (mobile profile, median of LIGHTHOUSE_RUNS runs) of /login and of /activities after login, in the
// Debian Chromium. Fails when /login needs more than its budget or a route more than its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO } from '../../e2e/support/auth.ts';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium.ts';
import { freePort } from '../../e2e/support/free-port.ts';
import {
  budgetOf,
  LOGIN_BUDGET_KB,
  ROUTE_BUDGET_KB,
  scriptWeightKb,
  WEIGHED_ROUTES,
  webDist,
} from '../../e2e/support/route-weight.ts';
import { REPO_ROOT, startServer } from '../../e2e/support/server.ts';

const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// Lighthouse's CPU slowdown (4 by default, meant for a machine of benchmarkIndex 1000-2000): a faster
// machine can stand for a slower one with a larger factor (benchmarkIndex / 1600 x 4, say).
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
// The server serves WEB_DIST when set, else apps/web/dist: measure the same files.
const WEB_DIST = webDist();
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.results');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

function ensureBuilt(): void {
  if (existsSync(MANIFEST) && !process.argv.includes('--build')) return;
  log('Building the web app (npm run build -w apps/web)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The web app build failed.');
  if (!existsSync(MANIFEST)) {
    throw new Error(
      `${path.relative(REPO_ROOT, MANIFEST)} is missing: enable \`build: { manifest: true }\` in apps/web/vite.config.ts.`,
    );
  }
}

/** Manifest keys reachable through static imports (what the browser loads together). */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

async function gzipKb(files: Iterable<string>): Promise<number> {
  let gzip = 0;
  for (const file of new Set(files)) {
    gzip += gzipSync(await readFile(path.join(WEB_DIST, file)), { level: 9 }).length;
  }
  return gzip / 1024;
}

/** What index.html loads before any route's own chunk (from the Vite manifest). */
async function initialJsKb(manifest: Manifest): Promise<number> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initial = staticClosure(manifest, entries);
  return gzipKb([...initial].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js')));
}

interface RouteWeight {
  route: string;
  jsGzipKb: number;
  jsRawKb: number;
  scripts: number;
}

/**
 * Opens each route in one tab (cache disabled, service worker bypassed, so every load is a cold one)
 * and weighs the scripts it fetched until the network is idle. /login first, then the private
 * routes after logging in.
 */
async function weighRoutes(port: number, baseURL: string): Promise<RouteWeight[]> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const rows: RouteWeight[] = [];
  try {
    const page = await browser.newPage();
    await page.setCacheEnabled(false);
    await page.setBypassServiceWorker(true);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.url().startsWith(baseURL)) {
        scripts.add(response.url());
      }
    });
    let loggedIn = false;
    for (const route of WEIGHED_ROUTES) {
      if (route.private && !loggedIn) {
        await logIn(port, baseURL);
        loggedIn = true;
      }
      scripts.clear();
      await page.goto(`${baseURL}${route.path}`, { waitUntil: 'networkidle0', timeout: 120_000 });
      const landed = new URL(page.url()).pathname;
      if (landed !== route.path) throw new Error(`${route.path} landed on ${landed}: not measured.`);
      if (route.private) await page.waitForSelector('main', { timeout: 30_000 });
      const weight = await scriptWeightKb(scripts, WEB_DIST);
      // BENCH_WEB_FILES=1 lists each route's scripts (to find what to load later).
      if (process.env.BENCH_WEB_FILES) log(`${route.path}: ${weight.files.join(' ')}`);
      rows.push({
        route: route.path,
        jsGzipKb: weight.gzipKb,
        jsRawKb: weight.rawKb,
        scripts: weight.files.length,
      });
    }
    await page.close();
  } finally {
    await browser.disconnect();
  }
  return rows;
}

interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's speed at the run (a quiet laptop scores 1000-2000). */
  benchmarkIndex: number;
  runtimeError?: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Logs in through the page (demo account, first archive) so that the browser holds the session. */
async function logIn(port: number, baseURL: string): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle0' });
    await page.type(
      'input[type="email"], input[name="username"], input[autocomplete="username"]',
      DEMO.pro.username,
    );
    await page.type('input[type="password"]', DEMO.pro.password);
    await page.click('button[type="submit"]');
    await page.waitForFunction("!location.pathname.startsWith('/login')", { timeout: 30_000 });
    // The archive chooser: the open demo archive.
    const archive = await page.waitForSelector(`::-p-text(${DEMO.archives.open})`, { timeout: 30_000 });
    await archive?.click();
    await page.waitForSelector('nav', { timeout: 30_000 });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** Lighthouse (mobile profile, simulated throttling) on `url`, `runs` times; keeps the browser's session. */
async function runLighthouse(
  port: number,
  url: string,
  name: string,
  runs: number,
): Promise<LighthouseRun[]> {
  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      ...(CPU_SLOWDOWN ? { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
    });
    if (!run) throw new Error('Lighthouse returned no result');
    const lhr = run.lhr;
    await writeFile(path.join(RESULTS_DIR, `lighthouse-${name}-mobile-${i + 1}.json`), JSON.stringify(lhr));
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    results.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: value('first-contentful-paint'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
      runtimeError: lhr.runtimeError?.message,
    });
  }
  return results;
}

/** Medians over the runs that completed (a run with a runtime error, e.g. NO_FCP, scores 0 and has no metrics). */
function summary(runs: LighthouseRun[]) {
  const ok = runs.filter((r) => !r.runtimeError);
  const of = (pick: (r: LighthouseRun) => number) => (ok.length ? median(ok.map(pick)) : Number.NaN);
  return {
    score: of((r) => r.score),
    scores: runs.map((r) => r.score),
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    benchmarkIndex: of((r) => r.benchmarkIndex),
    errors: runs.flatMap((r) => (r.runtimeError ? [r.runtimeError] : [])),
  };
}

async function main(): Promise<void> {
  ensureBuilt();
  await mkdir(RESULTS_DIR, { recursive: true });
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Manifest;
  const initialJsGzipKb = await initialJsKb(manifest);
  const chromePath = findChromium();
  if (!chromePath) {
    throw new Error('Chromium not found: install the Debian package chromium or set CHROME_PATH.');
  }

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stabile-bench-web-'));
  const server = await startServer({
    port: await freePort(),
    dataDir,
    logFile: path.join(RESULTS_DIR, 'server-web.log'),
    env: { LOG_LEVEL: 'warn' },
  });
  const launch = () => chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'error' });
  let routes: RouteWeight[] = [];
  let lighthouseResults: Record<string, ReturnType<typeof summary>> | undefined;
  try {
    const chrome = await launch();
    try {
      routes = await weighRoutes(chrome.port, server.baseURL);
    } finally {
      chrome.kill();
    }
    log(
      `\nJavaScript per route, loaded in the browser until idle (gzip level 9; index.html alone ` +
        `${initialJsGzipKb.toFixed(1)} KB)`,
    );
    log('route          JS gzip KB  JS raw KB  scripts  budget KB');
    for (const row of routes) {
      log(
        `${row.route.padEnd(13)}  ${row.jsGzipKb.toFixed(1).padStart(10)}  ${row.jsRawKb.toFixed(1).padStart(9)}  ` +
          `${String(row.scripts).padStart(7)}  ${String(budgetOf(row.route)).padStart(9)}`,
      );
    }
    if (LIGHTHOUSE_RUNS > 0) {
      // A fresh browser: /login first without a session, then /activities after login.
      const lhChrome = await launch();
      try {
        lighthouseResults = {};
        lighthouseResults['/login'] = summary(
          await runLighthouse(lhChrome.port, `${server.baseURL}/login`, 'login', LIGHTHOUSE_RUNS),
        );
        await logIn(lhChrome.port, server.baseURL);
        lighthouseResults['/activities'] = summary(
          await runLighthouse(lhChrome.port, `${server.baseURL}/activities`, 'activities', LIGHTHOUSE_RUNS),
        );
      } finally {
        lhChrome.kill();
      }
      log(
        `\nLighthouse 12 performance, mobile profile, median of ${LIGHTHOUSE_RUNS} runs` +
          (CPU_SLOWDOWN ? `, CPU slowdown ${CPU_SLOWDOWN}x` : ''),
      );
      for (const [route, r] of Object.entries(lighthouseResults)) {
        log(
          `  ${route.padEnd(12)} score ${String(r.score).padStart(3)} (${r.scores.join(', ')})  ` +
            `FCP ${(r.fcpMs / 1000).toFixed(1)} s  LCP ${(r.lcpMs / 1000).toFixed(1)} s  ` +
            `TBT ${Math.round(r.tbtMs)} ms  CLS ${r.cls.toFixed(3)}  benchmarkIndex ${Math.round(r.benchmarkIndex)}` +
            (r.errors.length ? `  (errors: ${r.errors.join('; ')})` : ''),
        );
      }
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  await writeFile(
    path.join(RESULTS_DIR, 'web-latest.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        budgetKb: LOGIN_BUDGET_KB,
        routeBudgetKb: ROUTE_BUDGET_KB,
        initialJsGzipKb,
        rows: routes,
        lighthouse: lighthouseResults,
      },
      null,
      2,
    ),
  );
  const over = routes.filter((row) => row.jsGzipKb > budgetOf(row.route));
  for (const row of over) {
    console.error(
      `${row.route} loads ${row.jsGzipKb.toFixed(1)} KB of gzip JavaScript: over its ${budgetOf(row.route)} KB budget.`,
    );
  }
  if (over.length) process.exit(1);
  log(`\nEvery route is within its budget (/login ${LOGIN_BUDGET_KB} KB, the others ${ROUTE_BUDGET_KB} KB).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
