// The scenarios of bench/src/scenarios, for the commands that measure them.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario, ScenarioModule } from './scenarios/types.ts';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(BENCH_DIR, '.results');

/** Where `npm run bench` generates (once) the archive of that many activities. */
export function generatedArchiveDir(activities: number): string {
  return path.join(BENCH_DIR, '.bench-data', `sqlite-${activities}`);
}

/** Every scenario, `health` first then the areas in file order; only those starting with `wanted`, if given. */
export async function loadScenarios(wanted: readonly string[] = []): Promise<Scenario[]> {
  const dir = path.join(BENCH_DIR, 'src/scenarios');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.ts') && f !== 'types.ts').sort();
  const all: Scenario[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<ScenarioModule>;
    all.push(...(module.scenarios ?? []));
  }
  all.sort((a, b) => Number(b.name === 'health') - Number(a.name === 'health'));
  return wanted.length ? all.filter((s) => wanted.some((w) => s.name.startsWith(w))) : all;
}

/** The scenario of that exact name. */
export async function findScenario(name: string): Promise<Scenario> {
  const found = (await loadScenarios()).find((s) => s.name === name);
  if (!found) throw new Error(`No scenario named "${name}" (see bench/src/scenarios).`);
  return found;
}
