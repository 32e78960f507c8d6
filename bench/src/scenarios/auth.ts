import type { LoadResult } from '../load.ts';
import type { Scenario } from './types.ts';

/*
 * A flood of logins from one address (16 clients sending wrong passwords as fast as they can) while
 * logged-in users read: the reads' p99 against their p99 without the flood, target within 2x. The
 * flood's address (X-Forwarded-For, a new one each run) soon meets the login throttle and is then
 * answered 429 without a password check; the repeats of a refusal are held a second before they are
 * sent, so that the flood's connections, each waiting for its answer, send about one attempt a second
 * each. With BENCH_AUTH_RATE_LIMIT_FACTOR=50 (an address budget of 1,500 failures) its passwords are
 * really checked for the whole run, as those of a flood from many addresses would be: what is left
 * between the flood and the reads is the bounded password queue.
 */

const READS = [{ path: '/api/persona?pageNumber=1&pageSize=15&OrderBy=descr' }];
const READ_CONNECTIONS = 8;
const FLOOD_CONNECTIONS = 16;

function statusNote(result: LoadResult): string {
  return result.statuses.length ? `statuses ${result.statuses.join(' ')}` : '';
}

export const scenarios: Scenario[] = [
  {
    name: 'auth.loginFlood',
    description: `reads (GET /api/persona, ${READ_CONNECTIONS} connections) alone, then during a flood of wrong logins from one address (${FLOOD_CONNECTIONS} connections)`,
    needsArchive: true,
    requests: () => READS,
    async measure(_context, load, headers) {
      const reads = READS.map((r) => ({ ...r, headers }));
      const flood = [
        {
          method: 'POST' as const,
          path: '/user/login',
          body: { username: 'flood@example.it', password: 'sbagliata' },
          headers: { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 254)}` },
        },
      ];
      const idle = await load(reads, READ_CONNECTIONS);
      const [during, attack] = await Promise.all([
        load(reads, READ_CONNECTIONS),
        load(flood, FLOOD_CONNECTIONS),
      ]);
      const ratio = during.p99Ms / idle.p99Ms;
      return [
        { name: 'auth.loginFlood reads idle', description: 'reads without the flood', result: idle },
        {
          name: 'auth.loginFlood reads in flood',
          description: 'the same reads during the flood',
          result: during,
          note: `p99 ${ratio.toFixed(2)}x idle (target within 2x)`,
        },
        {
          name: 'auth.loginFlood the flood',
          description: 'POST /user/login, wrong password, one address',
          result: attack,
          note: statusNote(attack),
        },
      ];
    },
  },
];
