import path from 'node:path';
import { SystemApi } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { readChangelog } from './changelog.ts';

/**
 * The panel reads NOVITA.md, written for the people who use Stabile; CHANGELOG.md keeps the
 * engineering notes for developers and is not shown.
 */
const CHANGELOG_FILE = path.resolve(import.meta.dirname, '../../../../../NOVITA.md');

export async function changelogRoutes(app: AppInstance) {
  // Read once: the file ships with the release and does not change while the server runs.
  const entries = await readChangelog(CHANGELOG_FILE);
  route(app, SystemApi.changelog, async () => entries);
}
