import { activityListItemSchema } from '@stabile/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium, insertRegistryRow } from './activity.fixtures.ts';
import { activityListItemMembers, toActivityListItem } from './activity.mapper.ts';
import { findActivity, listItemsByIds } from './activity.repository.ts';
import { ensureDefaultTypes } from './activity.service.ts';

let t: TestApp;
let s: TestSession;
let condominium: number;
let person: number;
let types: number[];
const ACTIVITY = 1;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  const db = t.database.db;
  await ensureDefaultTypes(db, s.archiveId);
  types = (
    await db.selectFrom('activity_types').select('id').where('archive_id', '=', s.archiveId).execute()
  ).map((r) => Number(r.id));
  condominium = await insertCondominium(db, s.archiveId, 'Condominio Aurora');
  person = await insertRegistryRow(db, 'persons', s.archiveId, 'Rossi Mario');
  const now = new Date().toISOString();
  await db
    .insertInto('activities')
    .values({
      archive_id: s.archiveId,
      id: ACTIVITY,
      numero_pratica: 1,
      cond_gen_id: condominium,
      titolo: '',
      descrizione: '',
      stato: 1,
      stato_gruppo: 1,
      gestore: '',
      tipo_segnalaz_id: 2,
      priorita: 2,
      data_apertura: '2026-11-02',
      data_chiusura: null,
      richiedente_id: null,
      data_concludere_entro: null,
      operatore: '',
      nascosta: 0,
      servizio: null,
      esercizio_id: null,
      avvisi: 0,
      interventi_in_corso: 0,
      dati_incompleti: 0,
      search_doc: '',
      ultimo_aggiornamento: now,
      created_at: now,
      obj_version: 1,
    })
    .execute();
});
afterAll(() => t.close());

/** Any text a user could store, NUL aside (refused by PostgreSQL's text), short or past the excerpt. */
const text = fc
  .oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({ unit: 'grapheme', minLength: 235, maxLength: 245 }),
    fc.constantFrom('"\\\'\n\r\t\b\f\u0001\u001f\u007f/</script>', '€ à è ì ò ù … ’ 🏠', ''),
  )
  .map((value) => value.replaceAll('\u0000', ''));
const day = fc.constantFrom('2026-11-02', '2025-01-31', '2024-02-29');
const id = fc.integer({ min: 1, max: 2 ** 40 });

describe('list items written by the database', () => {
  it('have the members of the contract, in its order', () => {
    expect(activityListItemMembers.map(([key]) => key)).toEqual(Object.keys(activityListItemSchema.shape));
  });

  it('are the objects of toActivityListItem, whatever the values of the row', async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          titolo: text,
          descrizione: text,
          gestore: text,
          operatore: text,
          condominio: text,
          richiedente: fc.option(text),
          numero_pratica: id,
          stato: fc.integer({ min: 0, max: 3 }),
          priorita: fc.integer({ min: 1, max: 4 }),
          tipo_segnalaz_id: fc.constantFrom(...types),
          data_apertura: day,
          data_chiusura: fc.option(day),
          data_concludere_entro: fc.option(day),
          nascosta: fc.integer({ min: 0, max: 1 }),
          avvisi: fc.integer({ min: 0, max: 1 }),
          servizio: fc.option(fc.integer({ min: 1, max: 10 })),
          esercizio_id: fc.option(id),
          interventi_in_corso: fc.nat({ max: 1000 }),
          obj_version: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        }),
        async ({ condominio, richiedente, ...row }) => {
          await db
            .updateTable('condominiums')
            .set({ intestazione: condominio })
            .where('archive_id', '=', s.archiveId)
            .where('id', '=', condominium)
            .execute();
          if (richiedente !== null) {
            await db
              .updateTable('persons')
              .set({ descr: richiedente })
              .where('archive_id', '=', s.archiveId)
              .where('id', '=', person)
              .execute();
          }
          await db
            .updateTable('activities')
            .set({ ...row, richiedente_id: richiedente === null ? null : person })
            .where('archive_id', '=', s.archiveId)
            .where('id', '=', ACTIVITY)
            .execute();
          const [written] = await listItemsByIds(db, s.archiveId, [ACTIVITY]);
          const mapped = toActivityListItem((await findActivity(db, s.archiveId, ACTIVITY))!);
          expect(JSON.parse(written!.toString('utf8'))).toStrictEqual(mapped);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('follow an update of any one of their columns', async () => {
    const db = t.database.db;
    const changes: Array<Partial<Record<string, string | number | null>>> = [
      { numero_pratica: 77 },
      { titolo: 'Perdita in cantina' },
      { descrizione: 'Acqua dal soffitto del box 3' },
      { stato: 3 },
      { gestore: 'Luca Verdi' },
      { tipo_segnalaz_id: types.at(-1) ?? 1 },
      { priorita: 4 },
      { data_apertura: '2025-01-31' },
      { data_chiusura: '2026-11-20' },
      { richiedente_id: person },
      { data_concludere_entro: '2026-12-01' },
      { operatore: 'Anna Neri' },
      { nascosta: 1 },
      { servizio: 3 },
      { esercizio_id: 12 },
      { avvisi: 1 },
      { interventi_in_corso: 2 },
      { ultimo_aggiornamento: '2026-11-26T10:00:00.000Z' },
      { obj_version: 9 },
    ];
    for (const change of changes) {
      await db
        .updateTable('activities')
        .set(change)
        .where('archive_id', '=', s.archiveId)
        .where('id', '=', ACTIVITY)
        .execute();
      const [written] = await listItemsByIds(db, s.archiveId, [ACTIVITY]);
      const mapped = toActivityListItem((await findActivity(db, s.archiveId, ACTIVITY))!);
      expect(JSON.parse(written!.toString('utf8')), Object.keys(change).join()).toStrictEqual(mapped);
    }
  });
});
