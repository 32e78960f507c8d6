import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './server.ts';

/**
 * The JavaScript budgets of decision 0022 (gzip, level 9): what /login loads, and what any other route
 * loads before it is usable. A route's weight is every script the browser fetched from the first
 * request until the page is idle (lazy chunks rendered at first paint and i18n namespaces included).
 */
export const LOGIN_BUDGET_KB = 150;
export const ROUTE_BUDGET_KB = 300;
/**
 * The ceiling the weight journey holds every private route to: their budget, met by all since the
 * contract's schemas left the first paint (decision 0022). Kept as its own name so that a route over
 * budget can be given a temporary margin again, never above the budget for long.
 */
// 370 until the bundle merged its shared chunks again (no top-level await) and the contract's zod
// schemas stayed out of a page that validates no form: the heaviest route, /activities, then
// weighed 298.0 KB.
export const ROUTE_CEILING_KB = ROUTE_BUDGET_KB;

/** The routes measured; every private route is opened after login, with an archive chosen. */
export const WEIGHED_ROUTES: Array<{ path: string; private: boolean }> = [
  { path: '/login', private: false },
  { path: '/', private: true },
  { path: '/activities', private: true },
  { path: '/contacts', private: true },
  { path: '/providers', private: true },
  { path: '/condominiums', private: true },
  { path: '/instalments', private: true },
  { path: '/commonParts', private: true },
];

export const budgetOf = (route: string) => (route === '/login' ? LOGIN_BUDGET_KB : ROUTE_BUDGET_KB);

/** The directory the server serves: WEB_DIST when set, else apps/web/dist. */
export function webDist(): string {
  return process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist');
}

/**
 * The gzip (level 9) and raw size in KB of the built scripts behind `urls` (same-origin script URLs
 * as the browser requested them), whatever encoding the server chose to send.
 */
export async function scriptWeightKb(
  urls: Iterable<string>,
  dist = webDist(),
): Promise<{ gzipKb: number; rawKb: number; files: string[] }> {
  const files = [...new Set([...urls].map((url) => new URL(url).pathname))].sort();
  let gzip = 0;
  let raw = 0;
  for (const file of files) {
    const content = await readFile(path.join(dist, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { gzipKb: gzip / 1024, rawKb: raw / 1024, files };
}
