import { type Home, isoDateToday } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { readCounter } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { toActivityListItem } from '../activities/activity.mapper.ts';
import { homeActivities, stateCounter } from '../activities/activity.repository.ts';
import { type Actor, settingsOwner } from '../activities/activity.service.ts';
import { createSettingsRow, updateSettingsRow } from '../activities/activity-settings.repository.ts';

const SECTION_SIZE = 10;
/** A new visit starts after this pause: reloading the page does not hide the answers just seen. */
const VISIT_GAP_MS = 30 * 60_000;

/**
 * What needs attention now: urgent open activities, open activities past their due date, late
 * interventions and the providers' answers since the previous visit. Each list is one short
 * index range.
 */
export async function loadHome(db: Kysely<Database>, actor: Actor, now = new Date()): Promise<Home> {
  const archiveId = actor.archiveId;
  const today = isoDateToday(now);
  const since = await recordVisit(db, actor, now);
  const [urgenti, scadute, late, answers, aperte, sospese] = await Promise.all([
    homeActivities(db, archiveId, 'urgenti', today, SECTION_SIZE),
    homeActivities(db, archiveId, 'scadute', today, SECTION_SIZE),
    db
      .selectFrom('interventions as i')
      .innerJoin('activities as a', (j) =>
        j.onRef('a.archive_id', '=', 'i.archive_id').onRef('a.id', '=', 'i.attivita_id'),
      )
      .leftJoin('condominiums as c', (j) =>
        j.onRef('c.archive_id', '=', 'a.archive_id').onRef('c.id', '=', 'a.cond_gen_id'),
      )
      .leftJoin('providers as f', (j) =>
        j.onRef('f.archive_id', '=', 'i.archive_id').onRef('f.id', '=', 'i.fornitore_id'),
      )
      .select([
        'a.id as attivita_id',
        'a.numero_pratica',
        'a.titolo',
        'c.intestazione',
        'i.id',
        'f.descr',
        'i.data_prevista',
      ])
      .where('i.archive_id', '=', archiveId)
      .where('i.data_esecuzione', 'is', null)
      .where('i.data_prevista', '<', today)
      .where('a.stato_gruppo', '<>', 0)
      .orderBy('i.data_prevista', 'asc')
      .orderBy('i.id', 'asc')
      .limit(SECTION_SIZE)
      .execute(),
    (() => {
      let q = db
        .selectFrom('supplier_assignment_messages as m')
        .innerJoin('activities as a', (j) =>
          j.onRef('a.archive_id', '=', 'm.archive_id').onRef('a.id', '=', 'm.attivita_id'),
        )
        .innerJoin('supplier_assignments as s', (j) =>
          j.onRef('s.archive_id', '=', 'm.archive_id').onRef('s.id', '=', 'm.intervento_id'),
        )
        .leftJoin('providers as f', (j) =>
          j.onRef('f.archive_id', '=', 's.archive_id').onRef('f.id', '=', 's.fornitore_id'),
        )
        .select([
          'a.id as attivita_id',
          'a.numero_pratica',
          'a.titolo',
          'm.intervento_id',
          'f.descr',
          'm.azione',
          'm.testo',
          'm.data',
          's.stato',
        ])
        .where('m.archive_id', '=', archiveId)
        .where('m.autore', '=', 'fornitore');
      if (since) q = q.where('m.data', '>', since);
      return q.orderBy('m.data', 'desc').limit(20).execute();
    })(),
    readCounter(db, archiveId, stateCounter(1)),
    readCounter(db, archiveId, stateCounter(2)),
  ]);
  return {
    oggi: today,
    ultimaVisita: since,
    urgenti: urgenti.map((r) => toActivityListItem(r)),
    scadute: scadute.map((r) => toActivityListItem(r)),
    interventiInRitardo: late.map((r) => ({
      attivitaID: Number(r.attivita_id),
      numeroPratica: Number(r.numero_pratica),
      titolo: r.titolo,
      intestazioneCondominio: r.intestazione ?? '',
      interventoID: Number(r.id),
      fornitoreDescr: r.descr ?? '',
      dataPrevista: r.data_prevista ?? '',
    })),
    risposteFornitori: answers.map((r) => ({
      attivitaID: Number(r.attivita_id),
      numeroPratica: Number(r.numero_pratica),
      titolo: r.titolo,
      interventoID: Number(r.intervento_id),
      fornitoreDescr: r.descr ?? '',
      azione: r.azione,
      testo: r.testo,
      data: r.data,
      statoAssegnazione: r.stato,
    })),
    totali: { aperte, sospese },
  };
}

/** Records this visit; returns when the previous visit started (null on the first one). */
async function recordVisit(db: Kysely<Database>, actor: Actor, now: Date): Promise<string | null> {
  const owner = settingsOwner(actor);
  const row = await db
    .selectFrom('activity_settings')
    .select(['ultima_visita', 'visita_corrente'])
    .where('archive_id', '=', owner.archiveId)
    .where('user_key', '=', owner.userKey)
    .executeTakeFirst();
  const nowIso = now.toISOString();
  if (!row) {
    await createSettingsRow(db, owner, { visita_corrente: nowIso });
    return null;
  }
  const current = row.visita_corrente;
  if (current && now.getTime() - Date.parse(current) < VISIT_GAP_MS) {
    // Same visit: keep its start moving so a long session stays one visit.
    await updateSettingsRow(db, owner, { visita_corrente: nowIso });
    return row.ultima_visita;
  }
  await updateSettingsRow(db, owner, { ultima_visita: current, visita_corrente: nowIso });
  return current;
}
