import type { Kysely } from 'kysely';
import type { DialectName } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Rng } from './random.ts';

/** What every area's seed function receives. */
export interface SeedContext {
  db: Kysely<Database>;
  archiveId: number;
  /** Deterministic generator: the same seed gives the same data. */
  rng: Rng;
  /** 1 = the full demo archive; 0 creates nothing. */
  scale: number;
  /** The "today" the data is generated around (dates of activities, due instalments...). */
  today: Date;
  dialect: DialectName;
  /** Set for generated benchmark archives: seeds may take a fast path (fewer related rows). */
  large?: boolean;
  /** Number of activities wanted in a large archive. */
  activities?: number;
  /** Where attachment bytes are stored (`${dataDir}/files/<archiveId>/<key>`); none: no files written. */
  dataDir?: string;
  /** Progress callback for long runs (the CLI prints it). */
  progress?: (message: string) => void;
}
