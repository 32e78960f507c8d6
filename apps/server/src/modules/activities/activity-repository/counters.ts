import type { Kysely } from 'kysely';
import { addToCounter } from '../../../db/ids.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import type { Database } from '../../../db/schema.ts';
import type { ActivityRow } from '../activity.table.ts';

/**
 * The broad filters whose totals are counted per state group, one at a time, with the column each
 * one tests.
 */
export const COUNTED_FILTERS = {
  priorita: 'priorita',
  tipoSegnalazID: 'tipo_segnalaz_id',
  gestore: 'gestore',
  servizio: 'servizio',
} as const;
export type CountedFilter = keyof typeof COUNTED_FILTERS;
const COUNTED_FILTER_TAGS: Record<CountedFilter, string> = {
  priorita: 'p',
  tipoSegnalazID: 't',
  gestore: 'g:',
  servizio: 's',
};

/**
 * Per-archive counters of activities by state group, of all of them or of one value of a broad
 * filter ("attivita_stato_1", "attivita_stato_1_p4", "attivita_stato_1_t2", "attivita_stato_1_s3",
 * "attivita_stato_1_g:Luca Verdi"), kept in the write transactions.
 */
export const stateCounter = (group: number, filter?: CountedFilter, value?: string | number) =>
  filter === undefined
    ? `attivita_stato_${group}`
    : `attivita_stato_${group}_${COUNTED_FILTER_TAGS[filter]}${value}`;

/**
 * Per-archive counters of closed activities by closing day, of every priority or of one
 * ("attivita_chiuse_2026-11-02", "attivita_chiuse_p4_2026-11-02"): the closed tab's total inside a
 * window of days is the sum of a range of them (closedSinceTotal).
 */
export const closedDayCounter = (day: string, priorita?: number) =>
  priorita === undefined ? `attivita_chiuse_${day}` : `attivita_chiuse_p${priorita}_${day}`;

/** What the per-archive counters count an activity by. */
export type CountedAs = Pick<
  ActivityRow,
  'stato_gruppo' | 'priorita' | 'data_chiusura' | 'tipo_segnalaz_id' | 'gestore' | 'servizio'
>;

/** How much each counter moves when `rows` come in (sign 1) or go (sign -1). */
function counterDeltas(rows: readonly CountedAs[], sign: 1 | -1 = 1, into = new Map<string, number>()) {
  for (const r of rows) {
    const names = [stateCounter(r.stato_gruppo)];
    for (const [filter, column] of Object.entries(COUNTED_FILTERS) as [CountedFilter, keyof CountedAs][]) {
      if (r[column] !== null) names.push(stateCounter(r.stato_gruppo, filter, r[column]));
    }
    if (r.stato_gruppo === 0 && r.data_chiusura !== null) {
      names.push(closedDayCounter(r.data_chiusura), closedDayCounter(r.data_chiusura, r.priorita));
    }
    for (const name of names) into.set(name, (into.get(name) ?? 0) + sign);
  }
  return into;
}

/**
 * The closed activities of an archive closed since `day` (of one priority), from the counters by
 * closing day: the range of names from that day's to the end of the series (":" follows the digits).
 */
const closedSinceTotalQuery = preparedQuery((db, archiveId: number, from: string, to: string) =>
  db
    .selectFrom('archive_counters')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('value'), eb.lit(0)).as('n'))
    .where('archive_id', '=', archiveId)
    .where('name', '>=', from)
    .where('name', '<', to),
);

export async function closedSinceTotal(
  db: Kysely<Database>,
  archiveId: number,
  day: string,
  priorita?: number,
) {
  const [row] = await closedSinceTotalQuery(
    db,
    archiveId,
    closedDayCounter(day, priorita),
    closedDayCounter(':', priorita),
  );
  return Number(row?.n ?? 0);
}

/** Moves the counters for activities that appear, change state or priority, or go. */
export async function recount(
  db: Kysely<Database>,
  archiveId: number,
  before: readonly CountedAs[],
  after: readonly CountedAs[],
): Promise<void> {
  const deltas = counterDeltas(after, 1, counterDeltas(before, -1));
  for (const [name, delta] of [...deltas].sort(([x], [y]) => x.localeCompare(y))) {
    if (delta !== 0) await addToCounter(db, archiveId, name, delta);
  }
}
