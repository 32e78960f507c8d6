import { readFile } from 'node:fs/promises';

/** Resident memory (kB) of a process and of its children (the server's workers). */
export async function rssOf(pid: number): Promise<number> {
  const read = async (p: number): Promise<number> => {
    const status = await readFile(`/proc/${p}/status`, 'utf8').catch(() => '');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  };
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => ''))
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  let total = await read(pid);
  for (const child of children) total += await read(child);
  return total;
}

/** Samples the memory of `pid` every 20 ms until `stop` is called; `peak()` is the highest seen. */
export function sampleRss(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssOf(pid));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      sampling = false;
      await sampler;
      return peak;
    },
  };
}
