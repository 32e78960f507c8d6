import path from 'node:path';

/** The package (or our own file) a profiled function's script belongs to, for the reports. */
export function packageOf(url: string): string {
  if (!url) return '(native, GC, idle)';
  const inModules = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (inModules?.[1]) return inModules[1];
  const own = url.match(/\/(apps\/server\/src|packages\/contract\/src)\/(.*)$/);
  if (own?.[2]) return own[1] === 'packages/contract/src' ? 'contract' : `server: ${own[2]}`;
  return url.startsWith('node:') ? url : path.basename(url);
}

/** Prints the largest entries of a tally, each value written by `format`. */
export function printTally(
  title: string,
  tally: Map<string, number>,
  rows: number,
  format: (n: number) => string,
): void {
  process.stdout.write(`\n${title}\n`);
  for (const [key, n] of [...tally].sort((a, b) => b[1] - a[1]).slice(0, rows))
    process.stdout.write(`${format(n)}  ${key}\n`);
}
