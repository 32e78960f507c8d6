import { z } from 'zod';

/** One release of the what's-new panel ("Novità"), read from the project's NOVITA.md (written for users). */
export const changelogEntrySchema = z.object({
  versione: z.string(),
  data: z.string(),
  titolo: z.string(),
  voci: z.array(z.string()),
});
export type ChangelogEntry = z.infer<typeof changelogEntrySchema>;
