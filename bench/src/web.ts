// `npm run bench:web`: the gzip JavaScript each route loads (from the Vite manifest) and the Lighthouse
// performance score (mobile profile, median of LIGHTHOUSE_RUNS runs) of /login and of /activities after
// login, in the Debian Chromium. Fails when /login needs more than its budget or a route more than its own.
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
import { REPO_ROOT, startServer } from '../../e2e/support/server.ts';

const LOGIN_BUDGET_KB = 150;
const ROUTE_BUDGET_KB = 300;
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// The server serves WEB_DIST when set, else apps/web/dist: measure the same files.
const WEB_DIST = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.join(REPO_ROOT, 'apps/web/dist');
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.results');

/**
 * Routes and the words that name their lazy chunks' source files (`src/app/routes/<word>/...`).
 * A route whose chunk is not found is reported with the initial JavaScript only. A private route also
 * loads the store, the private area (layout, top bar, sidebar, drawers) and the area guard.
 */
const ROUTES: Array<{ path: string; chunkWords: string[]; private?: boolean }> = [
  { path: '/login', chunkWords: ['login'] },
  { path: '/', chunkWords: ['home'], private: true },
  { path: '/activities', chunkWords: ['activities'], private: true },
  { path: '/contacts', chunkWords: ['contacts'], private: true },
  { path: '/providers', chunkWords: ['providers'], private: true },
  { path: '/condominiums', chunkWords: ['condominiums'], private: true },
  { path: '/instalments', chunkWords: ['instalments'], private: true },
  { path: '/commonParts', chunkWords: ['commonparts', 'common-parts'], private: true },
];
const PRIVATE_CHUNKS = [
  'src/app/store-route.tsx',
  'src/app/layout/private-area.tsx',
  'src/app/layout/area-route.tsx',
];

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

async function gzipKb(files: Iterable<string>): Promise<{ gzip: number; raw: number }> {
  let gzip = 0;
  let raw = 0;
  for (const file of new Set(files)) {
    const content = await readFile(path.join(WEB_DIST, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { gzip: gzip / 1024, raw: raw / 1024 };
}

async function measureRoutes(manifest: Manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const initial = staticClosure(manifest, entries);
  const jsOf = (keys: Iterable<string>) =>
    [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const cssOf = (keys: Iterable<string>) => [...keys].flatMap((k) => manifest[k]!.css ?? []);
  const lazy = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);

  const rows = [];
  for (const route of ROUTES) {
    const chunks = lazy.filter((key) => {
      const source = (manifest[key]!.src ?? key).toLowerCase();
      return route.chunkWords.some((word) => new RegExp(`[/_-]${word}[/._-]`).test(source));
    });
    const shell = route.private ? PRIVATE_CHUNKS.filter((key) => manifest[key]) : [];
    const keys = new Set([...initial, ...staticClosure(manifest, [...shell, ...chunks])]);
    const js = await gzipKb(jsOf(keys));
    const css = await gzipKb(cssOf(keys));
    rows.push({
      route: route.path,
      jsGzipKb: js.gzip,
      jsRawKb: js.raw,
      cssGzipKb: css.gzip,
      lazyChunks: chunks.map((k) => manifest[k]!.src ?? k),
    });
  }
  const initialJs = await gzipKb(jsOf(initial));
  return { initialJsGzipKb: initialJs.gzip, rows };
}

interface LighthouseRun {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
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
    errors: runs.flatMap((r) => (r.runtimeError ? [r.runtimeError] : [])),
  };
}

async function main(): Promise<void> {
  ensureBuilt();
  await mkdir(RESULTS_DIR, { recursive: true });
  const manifest = JSON.parse(await readFile(MANIFEST, 'utf8')) as Manifest;
  const sizes = await measureRoutes(manifest);

  log(`\nJavaScript per route (gzip level 9; initial bundle ${sizes.initialJsGzipKb.toFixed(1)} KB)`);
  log('route          JS gzip KB  JS raw KB  CSS gzip KB  lazy chunks');
  for (const row of sizes.rows) {
    log(
      `${row.route.padEnd(13)}  ${row.jsGzipKb.toFixed(1).padStart(10)}  ${row.jsRawKb.toFixed(1).padStart(9)}  ` +
        `${row.cssGzipKb.toFixed(1).padStart(11)}  ${row.lazyChunks.join(', ') || '(initial only)'}`,
    );
  }

  let lighthouseResults: Record<string, ReturnType<typeof summary>> | undefined;
  const chromePath = findChromium();
  if (!chromePath) {
    log('\nLighthouse skipped: Chromium not found; install the Debian package chromium or set CHROME_PATH');
  } else if (LIGHTHOUSE_RUNS > 0) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stabile-bench-web-'));
    const server = await startServer({
      port: await freePort(),
      dataDir,
      logFile: path.join(RESULTS_DIR, 'server-web.log'),
      env: { LOG_LEVEL: 'warn' },
    });
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'error' });
    try {
      lighthouseResults = {};
      lighthouseResults['/login'] = summary(
        await runLighthouse(chrome.port, `${server.baseURL}/login`, 'login', LIGHTHOUSE_RUNS),
      );
      await logIn(chrome.port, server.baseURL);
      lighthouseResults['/activities'] = summary(
        await runLighthouse(chrome.port, `${server.baseURL}/activities`, 'activities', LIGHTHOUSE_RUNS),
      );
    } finally {
      chrome.kill();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
    log(`\nLighthouse 12 performance, mobile profile, median of ${LIGHTHOUSE_RUNS} runs`);
    for (const [route, r] of Object.entries(lighthouseResults)) {
      log(
        `  ${route.padEnd(12)} score ${String(r.score).padStart(3)} (${r.scores.join(', ')})  ` +
          `FCP ${(r.fcpMs / 1000).toFixed(1)} s  LCP ${(r.lcpMs / 1000).toFixed(1)} s  ` +
          `TBT ${Math.round(r.tbtMs)} ms  CLS ${r.cls.toFixed(3)}` +
          (r.errors.length ? `  (errors: ${r.errors.join('; ')})` : ''),
      );
    }
  }

  const login = sizes.rows.find((r) => r.route === '/login')!;
  await writeFile(
    path.join(RESULTS_DIR, 'web-latest.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        budgetKb: LOGIN_BUDGET_KB,
        routeBudgetKb: ROUTE_BUDGET_KB,
        ...sizes,
        lighthouse: lighthouseResults,
      },
      null,
      2,
    ),
  );
  const over = sizes.rows.filter((row) => row.route !== '/login' && row.jsGzipKb > ROUTE_BUDGET_KB);
  for (const row of over) {
    console.error(
      `${row.route} loads ${row.jsGzipKb.toFixed(1)} KB of gzip JavaScript: over the ${ROUTE_BUDGET_KB} KB budget.`,
    );
  }
  if (login.jsGzipKb > LOGIN_BUDGET_KB) {
    console.error(
      `\n/login loads ${login.jsGzipKb.toFixed(1)} KB of gzip JavaScript: over the ${LOGIN_BUDGET_KB} KB budget.`,
    );
  }
  if (over.length || login.jsGzipKb > LOGIN_BUDGET_KB) process.exit(1);
  log(`\n/login loads ${login.jsGzipKb.toFixed(1)} KB of gzip JavaScript (budget ${LOGIN_BUDGET_KB} KB).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
