import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: statistics of the state group and priority together (most common pairs). Open and
 * suspended activities are urgent more often than closed ones, and PostgreSQL, which multiplies the
 * two columns' frequencies, expected 661 open activities of priority 4 in an archive of a million
 * where there are 6,885. With so few, it read them all through the priority index and sorted them
 * for a search in that tab, instead of walking the newest of them in the open activities' search
 * walk index (0028) until a page of matches: with these statistics it does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create statistics if not exists activities_stato_priorita_stats (mcv) on stato_gruppo, priorita from activities`.execute(
    db,
  );
  await sql`analyze activities`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop statistics activities_stato_priorita_stats`.execute(db);
}
