import type { Kysely } from 'kysely';

/**
 * Common parts (issue 24): a service records its last execution and its contract reference beside
 * the next date and the frequency it already had; the list of every common part of an archive is
 * filtered by category and type in denominazione order, through an index that serves both.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('common_part_services').addColumn('data_ultima', 'text').execute();
  await db.schema.alterTable('common_part_services').addColumn('riferimento_contratto', 'text').execute();
  await db.schema
    .createIndex('common_parts_categoria_idx')
    .on('common_parts')
    .columns(['archive_id', 'categoria', 'tipo', 'denominazione_sort', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('common_parts_categoria_idx').execute();
  await db.schema.alterTable('common_part_services').dropColumn('riferimento_contratto').execute();
  await db.schema.alterTable('common_part_services').dropColumn('data_ultima').execute();
}
