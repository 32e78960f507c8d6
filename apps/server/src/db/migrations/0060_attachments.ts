import type { Kysely } from 'kysely';

/**
 * Attachments become editable (PUT /api/allegati/{id} renames, registers or moves one): they carry
 * objVersion like every other edited row. An entity's attachments list newest first across all
 * origins, so an index on (archive_id, riferimento_tipo, riferimento_id, id) serves that order; the
 * index of 0003 (with tipo_origine before id) still serves one origin and the origins' counts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('attachments')
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('attachments_riferimento_id_idx')
    .on('attachments')
    .columns(['archive_id', 'riferimento_tipo', 'riferimento_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attachments_riferimento_id_idx').execute();
  await db.schema.alterTable('attachments').dropColumn('obj_version').execute();
}
