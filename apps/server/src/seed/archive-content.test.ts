import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { seedArchiveContent } from './archive-content.ts';
import { attachmentPath } from './files.ts';

const TODAY = new Date('2026-03-15T09:00:00.000Z');

describe('dati dimostrativi di un archivio', () => {
  let t: TestApp;
  let archiveId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    archiveId = (await createTestSession(t)).archiveId;
    await seedArchiveContent(t.database.db, archiveId, {
      scale: 1,
      seed: 1,
      today: TODAY,
      dataDir: t.config.dataDir,
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;

  it('con scala 0 non crea nulla', async () => {
    const empty = (await createTestSession(t)).archiveId;
    await seedArchiveContent(db(), empty, { scale: 0, seed: 1, today: TODAY });
    for (const table of ['persons', 'condominiums', 'units', 'instalments', 'attachments'] as const) {
      const row = await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('archive_id', '=', empty)
        .executeTakeFirstOrThrow();
      expect(Number(row.n), table).toBe(0);
    }
  });

  it('crea almeno 12 condomini in più città, con esercizi, unità e proprietari', async () => {
    const condos = await db()
      .selectFrom('condominiums')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .execute();
    expect(condos.length).toBeGreaterThanOrEqual(12);
    expect(new Set(condos.map((c) => c.citta)).size).toBeGreaterThanOrEqual(5);
    for (const condo of condos) {
      const exercises = await db()
        .selectFrom('exercises')
        .select(['id', 'chiuso'])
        .where('archive_id', '=', archiveId)
        .where('condominio_id', '=', condo.id)
        .execute();
      expect(exercises.length).toBeGreaterThanOrEqual(1);
      expect(exercises.length).toBeLessThanOrEqual(4);
      expect(exercises.some((e) => e.chiuso === 0)).toBe(true);
      expect(condo.numero_unita).toBeGreaterThanOrEqual(8);
      expect(condo.numero_unita).toBeLessThanOrEqual(40);
    }
    const roles = await db()
      .selectFrom('registry_units')
      .select('ruolo')
      .distinct()
      .where('archive_id', '=', archiveId)
      .execute();
    expect(roles.map((r) => r.ruolo)).toEqual(expect.arrayContaining(['Proprietario', 'Inquilino']));
  });

  it('le parti comuni coprono ogni tipo di impianto e di ambiente, con servizi di ogni tipo', async () => {
    const parts = await db()
      .selectFrom('common_parts')
      .select(['categoria', 'tipo'])
      .distinct()
      .where('archive_id', '=', archiveId)
      .execute();
    expect(parts.filter((p) => p.categoria === 0)).toHaveLength(22);
    expect(parts.filter((p) => p.categoria === 1)).toHaveLength(5);
    const services = await db()
      .selectFrom('common_part_services')
      .select('tipo_servizio')
      .distinct()
      .where('archive_id', '=', archiveId)
      .execute();
    expect(services).toHaveLength(10);
  });

  it('ci sono rate pagate e rate scadute non pagate', async () => {
    const today = TODAY.toISOString().slice(0, 10);
    const rows = await db()
      .selectFrom('instalments')
      .select(['importo_cents', 'versato_cents', 'data_scadenza'])
      .where('archive_id', '=', archiveId)
      .execute();
    expect(rows.some((r) => r.versato_cents === r.importo_cents)).toBe(true);
    expect(
      rows.filter((r) => r.data_scadenza < today && r.versato_cents < r.importo_cents).length,
    ).toBeGreaterThan(10);
  });

  it('gli allegati dei fascicoli hanno un file PDF reale della dimensione dichiarata', async () => {
    const files = await db()
      .selectFrom('attachments')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .execute();
    expect(files.length).toBeGreaterThan(20);
    for (const file of files.slice(0, 10)) {
      const where = attachmentPath(t.config.dataDir, archiveId, file.storage_key);
      expect(existsSync(where)).toBe(true);
      expect(statSync(where).size).toBe(file.dimensione);
    }
  });

  it('lo stesso seme produce gli stessi dati', async () => {
    const again = (await createTestSession(t)).archiveId;
    await seedArchiveContent(db(), again, { scale: 0.25, seed: 3, today: TODAY });
    const other = (await createTestSession(t)).archiveId;
    await seedArchiveContent(db(), other, { scale: 0.25, seed: 3, today: TODAY });
    const snapshot = async (id: number) => ({
      condominiums: await db()
        .selectFrom('condominiums')
        .select(['id', 'intestazione', 'indirizzo', 'codice_fiscale', 'iban'])
        .where('archive_id', '=', id)
        .orderBy('id')
        .execute(),
      units: await db()
        .selectFrom('units')
        .select(['id', 'descrizione', 'millesimi_proprieta'])
        .where('archive_id', '=', id)
        .orderBy('id')
        .execute(),
      instalments: await db()
        .selectFrom('instalments')
        .select(['id', 'importo_cents', 'versato_cents', 'data_scadenza'])
        .where('archive_id', '=', id)
        .orderBy('id')
        .execute(),
    });
    const a = await snapshot(again);
    expect(a.condominiums.length).toBeGreaterThan(0);
    expect(await snapshot(other)).toEqual(a);
  }, 60_000);
});
