import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { seedActivities } from '../modules/activities/activity.seed.ts';
import { seedAttachments } from '../modules/attachments/attachment.seed.ts';
import { seedCondominiums } from '../modules/condominiums/condominium.seed.ts';
import { seedInstalmentExamples } from '../modules/instalments/instalment.seed.ts';
import { seedPeople } from '../modules/people/people.seed.ts';
import type { SeedContext } from './context.ts';
import { Rng } from './random.ts';

export interface ArchiveContentOptions {
  /** 1 = the full demo archive; smaller archives scale the counts down; 0 creates nothing. */
  scale: number;
  /** Seed of the deterministic generator. */
  seed: number;
  /** Where attachment files are written (`${dataDir}/files/<archiveId>/...`); none: not written. */
  dataDir?: string;
  /** A generated benchmark archive with this many activities (and proportionate people...). */
  large?: { activities: number };
  /** The day the data is generated around (default: now). Same seed and day, same data. */
  today?: Date;
  progress?: (message: string) => void;
}

export interface ArchiveContentSummary {
  persons: number;
  providers: number;
  condominiums: number;
}

/**
 * Fills an archive with believable Italian demo data: people and providers, then condominiums
 * with everything they hold, then activities, with multi-row inserts. The condominium stage runs
 * in one transaction. In a large archive the activity stage receives the database itself (not a
 * transaction) so that it can commit its million rows in chunks.
 */
export async function seedArchiveContent(
  db: Kysely<Database>,
  archiveId: number,
  options: ArchiveContentOptions,
): Promise<ArchiveContentSummary> {
  const summary: ArchiveContentSummary = { persons: 0, providers: 0, condominiums: 0 };
  if (options.scale <= 0 && !options.large) return summary;
  const rng = new Rng(options.seed);
  const base: Omit<SeedContext, 'db' | 'rng'> = {
    archiveId,
    scale: options.scale,
    today: options.today ?? new Date(),
    dialect: dialectOf(db),
    ...(options.large ? { large: true, activities: options.large.activities } : {}),
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.progress ? { progress: options.progress } : {}),
  };
  const peopleRng = rng.fork('persone');
  const condominiumRng = rng.fork('condomini');
  const activityRng = rng.fork('attivita');

  // The people stage opens its own transactions (its lookups are created through the lookups
  // repository, which runs one), so it gets the database.
  const people = await seedPeople({ ...base, db, rng: peopleRng });
  summary.persons = people.personIds.length;
  summary.providers = people.providerIds.length;
  options.progress?.(`contatti ${people.personIds.length}, fornitori ${people.providerIds.length}`);
  // The next stages' foreign-key checks look up these rows, inserted outside insertRows (its
  // analyzeWhenGrown says why their statistics matter).
  if (options.large && base.dialect === 'postgres') await sql`analyze persons, providers`.execute(db);

  const condominiums = await db
    .transaction()
    .execute((trx) => seedCondominiums({ ...base, db: trx, rng: condominiumRng }, people));
  summary.condominiums = condominiums.condominiumIds.length;
  if (!options.large) await seedInstalmentExamples(db, archiveId, base.today);
  options.progress?.(`condomini ${condominiums.condominiumIds.length}`);

  const refs = {
    condominiumIds: condominiums.condominiumIds,
    personIds: people.personIds,
    providerIds: people.providerIds,
  };
  if (options.large) {
    await seedActivities({ ...base, db, rng: activityRng }, refs);
  } else {
    await db.transaction().execute((trx) => seedActivities({ ...base, db: trx, rng: activityRng }, refs));
  }
  await db.transaction().execute((trx) => seedAttachments({ ...base, db: trx, rng: rng.fork('allegati') }));
  return summary;
}
