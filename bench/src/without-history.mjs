/*
 * For measuring only: `BENCH_NODE_ARGS="--import ./src/without-history.mjs" npm run bench -- ...` starts
 * the servers with the history's one insert (`insertHistory` in the server's history service) returning
 * at once, so the write scenarios can be compared with and without their history rows in one session
 * (docs/PERFORMANCE.md). The server has no such switch: a change cannot commit without its history.
 * What stays is the work before the insert (a write reads its record's values before changing them,
 * and the fields' diff), so the figure is the cost of storing the rows, not of everything history needs.
 */
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    const BODY = /(async function insertHistory\\([\\s\\S]*?\\)(?:\\s*:\\s*Promise<void>)?\\s*\\{)/;
    export async function load(url, context, nextLoad) {
      const loaded = await nextLoad(url, context);
      if (!url.includes('/modules/history/history.service.')) return loaded;
      const source = String(loaded.source);
      if (!BODY.test(source)) throw new Error('without-history: insertHistory not found in ' + url);
      return { ...loaded, source: source.replace(BODY, '$1 return;') };
    }
  `)}`,
);
