import { z } from 'zod';
import { zString } from '../common/primitives.ts';

/** One release of the what's-new panel ("Novità"), read from the project's NOVITA.md (written for users). */
export const changelogEntrySchema = z.object({
  versione: zString(),
  data: zString(),
  titolo: zString(),
  voci: z.array(zString()),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;
