import path from 'node:path';
import { changelogEntrySchema, envelopeSchema } from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { readChangelog } from './changelog.ts';

/**
 * The panel reads NOVITA.md, written for the people who use Stabile; CHANGELOG.md keeps the
 * engineering notes for developers and is not shown.
 */
const CHANGELOG_FILE = path.resolve(import.meta.dirname, '../../../../../NOVITA.md');

export async function changelogRoutes(app: AppInstance) {
  // Read once: the file ships with the release and does not change while the server runs.
  const entries = await readChangelog(CHANGELOG_FILE);
  app.get(
    '/api/changelog',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['sistema'],
        summary: 'Le novità delle ultime versioni (pannello "Novità")',
        response: { 200: envelopeSchema(z.array(changelogEntrySchema)) },
      },
    },
    async (_request, reply) => ok(reply, entries),
  );
}
