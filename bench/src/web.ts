// `npm run bench:web`: the gzip JavaScript each route loads (from the Vite manifest) and a Lighthouse
// performance score of /login in the Debian Chromium. Fails when /login needs more than the budget.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium.ts';
import { freePort } from '../../e2e/support/free-port.ts';
import { REPO_ROOT, startServer } from '../../e2e/support/server.ts';

const LOGIN_BUDGET_KB = 150;
// The server serves WEB_DIST when set, else apps/web/dist: measure the same files.
const WEB_DIST = process.env.WEB_DIST
  ? path.resolve(process.env.WEB_DIST)
  : path.join(REPO_ROOT, 'apps/web/dist');
const MANIFEST = path.join(WEB_DIST, '.vite/manifest.json');
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../.results');

/**
 * Routes and the words that name their lazy chunks' source files (`src/app/routes/<word>/...`).
 * A route whose chunk is not found is reported with the initial JavaScript only.
 */
const ROUTES: Array<{ path: string; chunkWords: string[] }> = [
  { path: '/login', chunkWords: ['login'] },
  { path: '/', chunkWords: ['home'] },
  { path: '/activities', chunkWords: ['activities'] },
  { path: '/contacts', chunkWords: ['contacts'] },
  { path: '/providers', chunkWords: ['providers'] },
  { path: '/condominiums', chunkWords: ['condominiums'] },
  { path: '/instalments', chunkWords: ['instalments'] },
  { path: '/commonParts', chunkWords: ['commonparts', 'common-parts'] },
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
    const keys = new Set([...initial, ...staticClosure(manifest, chunks)]);
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

async function runLighthouse(url: string, chromePath: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_ARGS, logLevel: 'error' });
  try {
    const results = [];
    for (const [formFactor, config] of [
      ['mobile', undefined],
      ['desktop', desktopConfig],
    ] as const) {
      const run = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        config,
      );
      if (!run) throw new Error('Lighthouse returned no result');
      const lhr = run.lhr;
      await writeFile(path.join(RESULTS_DIR, `lighthouse-login-${formFactor}.json`), JSON.stringify(lhr));
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      results.push({
        formFactor,
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        runtimeError: lhr.runtimeError?.message,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
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

  let lighthouseResults: Awaited<ReturnType<typeof runLighthouse>> | undefined;
  const chromePath = findChromium();
  if (!chromePath) {
    log('\nLighthouse skipped: Chromium not found; install the Debian package chromium or set CHROME_PATH');
  } else {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stabile-bench-web-'));
    const server = await startServer({
      port: await freePort(),
      dataDir,
      logFile: path.join(RESULTS_DIR, 'server-web.log'),
      env: { LOG_LEVEL: 'warn' },
    });
    try {
      lighthouseResults = await runLighthouse(`${server.baseURL}/login`, chromePath);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
    log('\nLighthouse 12 performance, /login');
    for (const r of lighthouseResults) {
      log(
        `  ${r.formFactor.padEnd(7)} score ${String(r.score).padStart(3)}  FCP ${r.fcp}  LCP ${r.lcp}  TBT ${r.tbt}  CLS ${r.cls}` +
          (r.runtimeError ? `  (error: ${r.runtimeError})` : ''),
      );
    }
  }

  const login = sizes.rows.find((r) => r.route === '/login')!;
  await writeFile(
    path.join(RESULTS_DIR, 'web-latest.json'),
    JSON.stringify(
      { date: new Date().toISOString(), budgetKb: LOGIN_BUDGET_KB, ...sizes, lighthouse: lighthouseResults },
      null,
      2,
    ),
  );
  if (login.jsGzipKb > LOGIN_BUDGET_KB) {
    console.error(
      `\n/login loads ${login.jsGzipKb.toFixed(1)} KB of gzip JavaScript: over the ${LOGIN_BUDGET_KB} KB budget.`,
    );
    process.exit(1);
  }
  log(`\n/login loads ${login.jsGzipKb.toFixed(1)} KB of gzip JavaScript (budget ${LOGIN_BUDGET_KB} KB).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
