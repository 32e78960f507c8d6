import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { nextGlobalId, nextId } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';
import { CURRENT_DATA_REVISION } from '../modules/archives/data-revisions.ts';
import { hashPassword } from '../shared/passwords.ts';
import { seedArchiveContent } from './archive-content.ts';

export const DEMO_PASSWORD = 'demo-stabile';

interface ArchiveFixture {
  name: string;
  protection: 'none' | 'password' | 'users';
  password?: string;
  dataRevision?: number;
  portalPublished?: boolean;
  premium?: boolean;
  users?: Array<{
    username: string;
    displayName: string;
    password: string;
    role: 'Admin' | 'User';
    disattivato?: boolean;
    areas?: Partial<Record<'allegati' | 'attivita' | 'impianti' | 'persone' | 'fornitori', boolean>>;
  }>;
  /** Size of the generated content; the first archive is the richest. */
  scale: number;
  seed: number;
}

export const DEMO_ARCHIVES: ArchiveFixture[] = [
  { name: 'Studio Rossi', protection: 'none', portalPublished: true, premium: true, scale: 1, seed: 1 },
  { name: 'Archivio protetto', protection: 'password', password: 'archivio-2026', scale: 0.25, seed: 2 },
  {
    name: 'Archivio utenti',
    protection: 'users',
    scale: 0.25,
    seed: 3,
    users: [
      { username: 'mario.rossi', displayName: 'Mario Rossi', password: 'mario-2026', role: 'Admin' },
      {
        username: 'giulia.bianchi',
        displayName: 'Giulia Bianchi',
        password: 'giulia-2026',
        role: 'User',
        areas: { allegati: false, attivita: true, impianti: false, persone: true, fornitori: false },
      },
      {
        username: 'luca.verdi',
        displayName: 'Luca Verdi',
        password: 'luca-2026',
        role: 'User',
        disattivato: true,
      },
    ],
  },
  {
    name: 'Archivio da aggiornare',
    protection: 'none',
    dataRevision: CURRENT_DATA_REVISION - 1,
    scale: 0.1,
    seed: 4,
  },
];

/** Creates the demo accounts and archives unless the database already has accounts. */
export async function ensureDemoData(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  options: { dataDir?: string } = {},
): Promise<void> {
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const started = Date.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  const demoId = await db.transaction().execute(async (trx) => {
    const id = await nextGlobalId(trx, 'accounts');
    await trx
      .insertInto('accounts')
      .values({
        id,
        email: 'demo@stabile.it',
        password_hash: passwordHash,
        type: 'pro',
        display_name: 'Studio Rossi Amministrazioni',
        versione: 1,
        created_at: now,
        password_changed_at: null,
      })
      .execute();
    const oneId = await nextGlobalId(trx, 'accounts');
    await trx
      .insertInto('accounts')
      .values({
        id: oneId,
        email: 'one@stabile.it',
        password_hash: passwordHash,
        type: 'one',
        display_name: 'Condominio Uno',
        versione: 1,
        created_at: now,
        password_changed_at: null,
      })
      .execute();
    return id;
  });
  for (const fixture of DEMO_ARCHIVES) {
    const archiveId = await createArchive(db, demoId, fixture);
    await seedArchiveContent(db, archiveId, { scale: fixture.scale, seed: fixture.seed, ...options });
  }
  log.info({ ms: Date.now() - started }, 'demo data created');
}

export async function createArchive(
  db: Kysely<Database>,
  accountId: number,
  fixture: ArchiveFixture,
): Promise<number> {
  const archivePasswordHash = fixture.password ? await hashPassword(fixture.password) : null;
  const users = await Promise.all(
    (fixture.users ?? []).map(async (u) => ({ ...u, passwordHash: await hashPassword(u.password) })),
  );
  return db.transaction().execute(async (trx) => {
    const archiveId = await nextGlobalId(trx, 'archives');
    await trx
      .insertInto('archives')
      .values({
        id: archiveId,
        account_id: accountId,
        name: fixture.name,
        protection: fixture.protection,
        password_hash: archivePasswordHash,
        gestione_accessi: fixture.protection === 'users' ? 1 : 0,
        gestione_accessi_version: 1,
        data_revision: fixture.dataRevision ?? CURRENT_DATA_REVISION,
        portal_published: fixture.portalPublished ? 1 : 0,
        pid: fixture.premium ? `PID-${String(archiveId).padStart(6, '0')}` : null,
        premium: fixture.premium ? 1 : 0,
        last_access_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const u of users) {
      const a = u.areas ?? {};
      const flag = (v: boolean | undefined) => (v === false ? 0 : 1);
      await trx
        .insertInto('archive_users')
        .values({
          archive_id: archiveId,
          id: await nextId(trx, archiveId, 'archive_users'),
          username: u.username,
          display_name: u.displayName,
          password_hash: u.passwordHash,
          role: u.role,
          disattivato: u.disattivato ? 1 : 0,
          acc_allegati_on: flag(a.allegati),
          acc_attivita_on: flag(a.attivita),
          acc_impianti_on: flag(a.impianti),
          acc_persone_on: flag(a.persone),
          acc_fornitori_on: flag(a.fornitori),
          obj_version: 1,
        })
        .execute();
    }
    return archiveId;
  });
}
