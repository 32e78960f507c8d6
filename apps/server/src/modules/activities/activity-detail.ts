import type { ActivityDetail, Assignment } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../shared/app-error.ts';
import { toActivityEvent, toActivityListItem, toAssignment, toIntervention } from './activity.mapper.ts';
import { findActivity } from './activity.repository.ts';

// The drawer's queries, each compiled once (building them cost more than running them).
const eventsOf = preparedQuery((db, archiveId: number, id: number) =>
  db
    .selectFrom('activity_events')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', id)
    .orderBy('id', 'asc'),
);

const interventionsOf = preparedQuery((db, archiveId: number, id: number) =>
  db
    .selectFrom('interventions as i')
    .leftJoin('providers as f', (j) =>
      j.onRef('f.archive_id', '=', 'i.archive_id').onRef('f.id', '=', 'i.fornitore_id'),
    )
    .selectAll('i')
    .select(['f.descr as fornitore_descr', 'f.email as fornitore_email'])
    .where('i.archive_id', '=', archiveId)
    .where('i.attivita_id', '=', id)
    .orderBy('i.id', 'asc'),
);

const assignmentsOf = preparedQuery((db, archiveId: number, id: number) =>
  db
    .selectFrom('supplier_assignments')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', id),
);

const messagesOf = preparedQuery((db, archiveId: number, id: number) =>
  db
    .selectFrom('supplier_assignment_messages')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', id)
    .orderBy('id', 'asc'),
);

/** The live links of the activity's assignments, for their expiry. */
const linksOf = preparedQuery((db, archiveId: number, id: number) =>
  db
    .selectFrom('supplier_links as l')
    .innerJoin('supplier_assignments as s', (j) =>
      j.onRef('s.archive_id', '=', 'l.archive_id').onRef('s.id', '=', 'l.intervento_id'),
    )
    .select(['l.intervento_id', 'l.expires_at'])
    .where('l.archive_id', '=', archiveId)
    .where('s.attivita_id', '=', id)
    .where('l.revoked_at', 'is', null),
);

/**
 * The activity with its events, interventions, assignments and their messages: what the drawer
 * shows, in one round trip (a handful of indexed queries, none per intervention).
 */
export async function loadActivityDetail(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
): Promise<ActivityDetail> {
  const row = await findActivity(db, archiveId, id);
  if (!row) throw notFound('Attività non trovata.');
  const [events, interventions, assignments, messages, links] = await Promise.all([
    eventsOf(db, archiveId, id),
    interventionsOf(db, archiveId, id),
    assignmentsOf(db, archiveId, id),
    messagesOf(db, archiveId, id),
    linksOf(db, archiveId, id),
  ]);
  const assignmentByIntervention = new Map<number, Assignment>();
  for (const a of assignments) {
    const expiry = links
      .filter((l) => Number(l.intervento_id) === Number(a.id))
      .map((l) => l.expires_at)
      .sort()
      .at(-1);
    assignmentByIntervention.set(
      Number(a.id),
      toAssignment(
        a,
        messages.filter((m) => Number(m.intervento_id) === Number(a.id)),
        expiry ?? null,
      ),
    );
  }
  return {
    ...toActivityListItem(row, true),
    eventi: events.map(toActivityEvent),
    interventi: interventions.map((i) =>
      toIntervention(i, assignmentByIntervention.get(Number(i.id)) ?? null),
    ),
  };
}
