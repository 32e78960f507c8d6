import { readFile } from 'node:fs/promises';
import type { ChangelogEntry } from '@stabile/contract';

const HEADING = /^## \[(?<versione>[^\]]+)\]\s*-\s*(?<data>\d{4}-\d{2}-\d{2})(?:\s*-\s*(?<titolo>.+))?$/;

/** Parses NOVITA.md: "## [1.2.0] - 2026-11-22 - Titolo" headings followed by "- voce" bullets. */
export function parseChangelog(markdown: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line.trim());
    if (heading?.groups) {
      entries.push({
        versione: heading.groups.versione!,
        data: heading.groups.data!,
        titolo: heading.groups.titolo?.trim() ?? `Versione ${heading.groups.versione}`,
        voci: [],
      });
      continue;
    }
    const bullet = /^[-*]\s+(.+)$/.exec(line.trim());
    if (bullet && entries.length > 0) entries[entries.length - 1]!.voci.push(bullet[1]!);
  }
  return entries;
}

export async function readChangelog(file: string): Promise<ChangelogEntry[]> {
  try {
    return parseChangelog(await readFile(file, 'utf8'));
  } catch {
    return [];
  }
}
