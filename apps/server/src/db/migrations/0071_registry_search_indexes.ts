import { type Kysely, sql } from 'kysely';

/**
 * The search of condominiums and common parts (modules/condominiums/registry-search.ts, decision
 * 0024) reads its matches, when it knows all of them (up to 1,000), by key and sorts them by name:
 * (archive_id, id, [gestito,] name) gives each match, its managed flag and its name from the index
 * alone, one b-tree descent instead of two (the key's unique index, then the table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('condominiums_id_sort_idx')
    .on('condominiums')
    .columns(['archive_id', 'id', 'gestito', 'intestazione_sort'])
    .execute();
  await db.schema
    .createIndex('common_parts_id_sort_idx')
    .on('common_parts')
    .columns(['archive_id', 'id', 'denominazione_sort'])
    .execute();
  await sql`analyze condominiums`.execute(db);
  await sql`analyze common_parts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('common_parts_id_sort_idx').execute();
  await db.schema.dropIndex('condominiums_id_sort_idx').execute();
}
