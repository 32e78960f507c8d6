// Loaded into the server by `npm run bench:allocations` (node --import). On SIGUSR2 it starts V8's
// sampling heap profiler, counting objects that the collectors have already freed too (so the figure
// is what a request allocates, not what it keeps), and the requests served; on the next SIGUSR2 it
// stops and writes the profile and the count to ALLOCATION_PROFILE_FILE. Plain JavaScript: it is
// loaded before the TypeScript loader.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector';

let requests = 0;
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function countRequests(event, ...args) {
  if (event === 'request') requests += 1;
  return emit.call(this, event, ...args);
};

const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

let startedAt;
process.on('SIGUSR2', async () => {
  if (startedAt === undefined) {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    startedAt = { time: Date.now(), requests };
    return;
  }
  const { profile } = await post('HeapProfiler.stopSampling');
  writeFileSync(
    process.env.ALLOCATION_PROFILE_FILE,
    JSON.stringify({
      profile,
      requests: requests - startedAt.requests,
      seconds: (Date.now() - startedAt.time) / 1000,
    }),
  );
  startedAt = undefined;
});
