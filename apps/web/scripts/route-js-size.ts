/**
 * Prints the gzip JavaScript the entry (what /login loads) needs, from dist/.vite/manifest.json.
 * `node --import tsx scripts/route-js-size.ts` after `npm run build`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
visit('index.html');
let total = 0;
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  total += gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
}
console.log(`/login: ${(total / 1024).toFixed(1)} KB gzip JavaScript in ${seen.size} chunks`);
