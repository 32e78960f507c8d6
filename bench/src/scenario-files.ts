// The scenarios of bench/src/scenarios, for the commands that measure them.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario, ScenarioModule } from './scenarios/types.ts';

export const BENCH_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(BENCH_DIR, '.results');

/** The databases a bench can run on. */
export type BenchDatabase = 'sqlite' | 'postgres';

/**
 * Where `npm run bench` generates (once) the archive of that many activities: the data folder of its
 * server (the SQLite file, or only the files and secrets when the archive is in PostgreSQL).
 */
export function generatedArchiveDir(
  activities: number,
  database: BenchDatabase = 'sqlite',
  /** A PostgreSQL archive's database: its folder is named after it, one per database of that size. */
  databaseName?: string,
): string {
  return path.join(
    BENCH_DIR,
    '.bench-data',
    databaseName ? `${database}-${databaseName}` : `${database}-${activities}`,
  );
}

/**
 * The PostgreSQL database of the generated archive of that many activities: on the server of
 * `BENCH_DATABASE_URL`, named after its database and the count (`stabile_perf` -> `stabile_perf_1000000`),
 * so that archives of several sizes live side by side and the database of the URL stays untouched.
 */
export function generatedDatabaseUrl(baseUrl: string, activities: number): { url: string; name: string } {
  const url = new URL(baseUrl);
  const base = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'stabile';
  const name = `${base}_${activities}`;
  url.pathname = `/${encodeURIComponent(name)}`;
  return { url: url.toString(), name };
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
