import type { LookupItem, Operatore } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { databaseRefusalOf, searchDocument } from '../../db/dialect.ts';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';

/** The archive lookup lists that hold plain texts (each archive can add its own entries). */
export type LookupTable = 'nations' | 'titles' | 'provider_activity_types' | 'assignment_types';

/** The entries an archive starts with; created the first time the list is read. */
export const LOOKUP_DEFAULTS: Record<LookupTable, readonly string[]> = {
  nations: [
    'Italia',
    'Albania',
    'Austria',
    'Belgio',
    'Cina',
    'Città del Vaticano',
    'Croazia',
    'Francia',
    'Germania',
    'Grecia',
    'Marocco',
    'Paesi Bassi',
    'Polonia',
    'Portogallo',
    'Regno Unito',
    'Romania',
    'San Marino',
    'Slovenia',
    'Spagna',
    'Stati Uniti',
    'Svizzera',
    'Ucraina',
  ],
  titles: [
    'Sig.',
    'Sig.ra',
    'Dott.',
    'Dott.ssa',
    'Ing.',
    'Arch.',
    'Avv.',
    'Geom.',
    'Rag.',
    'Prof.',
    'Prof.ssa',
    'Spett.le',
  ],
  provider_activity_types: [
    'Idraulico',
    'Elettricista',
    'Ascensorista',
    'Giardiniere',
    'Impresa di pulizie',
    'Manutenzione caldaie',
    'Antincendio',
    'Impresa edile',
    'Fabbro',
    'Vetraio',
    'Imbianchino',
    'Disinfestazione',
    'Antennista',
    'Spurghi',
    'Serramentista',
    'Amministrazione condominiale',
  ],
  assignment_types: [
    'Amministratore',
    'Presidente del consiglio',
    'Consigliere',
    'Revisore dei conti',
    'Portiere',
    'Custode',
    'Addetto alle pulizie',
    'Tecnico di fiducia',
    'Legale',
    'Commercialista',
    'Responsabile sicurezza (RSPP)',
    'Referente di scala',
  ],
};

async function ensureDefaults(db: Kysely<Database>, table: LookupTable, archiveId: number): Promise<void> {
  const any = await db
    .selectFrom(table)
    .select('id')
    .where('archive_id', '=', archiveId)
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  const defaults = LOOKUP_DEFAULTS[table];
  await db.transaction().execute(async (trx) => {
    const first = await nextId(trx, archiveId, table, defaults.length);
    await trx
      .insertInto(table)
      .values(
        defaults.map((testo, i) => ({
          archive_id: archiveId,
          id: first + i,
          testo,
          testo_sort: searchDocument(testo),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}

export async function listLookup(
  db: Kysely<Database>,
  table: LookupTable,
  archiveId: number,
): Promise<LookupItem[]> {
  await ensureDefaults(db, table, archiveId);
  return db
    .selectFrom(table)
    .select(['id', 'testo'])
    .where('archive_id', '=', archiveId)
    .orderBy('testo_sort')
    .orderBy('id')
    .execute();
}

/** Adds an entry, or returns the existing one with the same text (case and accents aside). */
export async function addLookup(
  db: Kysely<Database>,
  table: LookupTable,
  archiveId: number,
  testo: string,
): Promise<LookupItem> {
  await ensureDefaults(db, table, archiveId);
  const key = searchDocument(testo);
  const add = () =>
    db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom(table)
        .select(['id', 'testo'])
        .where('archive_id', '=', archiveId)
        .where('testo_sort', '=', key)
        .executeTakeFirst();
      if (existing) return existing;
      const id = await nextId(trx, archiveId, table);
      await trx.insertInto(table).values({ archive_id: archiveId, id, testo, testo_sort: key }).execute();
      return { id, testo };
    });
  // Two people adding the same text at once: the second finds the first's entry, on both databases.
  return add().catch((error: unknown) => {
    if (databaseRefusalOf(error) === 'duplicate') return add();
    throw error;
  });
}

/** The archive's operators: the account holder and the archive users, created on first read. */
export async function listOperators(db: Kysely<Database>, archiveId: number): Promise<Operatore[]> {
  const existing = await db
    .selectFrom('operators')
    .select(['id', 'nome'])
    .where('archive_id', '=', archiveId)
    .where('attivo', '=', 1)
    .orderBy('nome')
    .execute();
  if (existing.length > 0) return existing;
  const owner = await db
    .selectFrom('archives as a')
    .innerJoin('accounts as c', 'c.id', 'a.account_id')
    .select('c.display_name')
    .where('a.id', '=', archiveId)
    .executeTakeFirst();
  const users = await db
    .selectFrom('archive_users')
    .select(['id', 'display_name'])
    .where('archive_id', '=', archiveId)
    .where('disattivato', '=', 0)
    .execute();
  const people = [
    ...(owner ? [{ nome: owner.display_name, archive_user_id: null }] : []),
    ...users.map((u) => ({ nome: u.display_name, archive_user_id: u.id })),
  ];
  if (people.length === 0) return [];
  await db.transaction().execute(async (trx) => {
    const first = await nextId(trx, archiveId, 'operators', people.length);
    await trx
      .insertInto('operators')
      .values(people.map((p, i) => ({ archive_id: archiveId, id: first + i, attivo: 1, ...p })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  return db
    .selectFrom('operators')
    .select(['id', 'nome'])
    .where('archive_id', '=', archiveId)
    .where('attivo', '=', 1)
    .orderBy('nome')
    .execute();
}

/** Adds operators by name (the seed's staff); existing names are kept. */
export async function addOperators(db: Kysely<Database>, archiveId: number, names: readonly string[]) {
  const current = new Set((await listOperators(db, archiveId)).map((o) => o.nome));
  const missing = names.filter((n) => !current.has(n));
  if (missing.length === 0) return;
  const first = await nextId(db, archiveId, 'operators', missing.length);
  await db
    .insertInto('operators')
    .values(
      missing.map((nome, i) => ({
        archive_id: archiveId,
        id: first + i,
        nome,
        archive_user_id: null,
        attivo: 1,
      })),
    )
    .execute();
}
