import { type PersonaAllegato, RegistryType } from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Most attachments a person's drawer lists (newest first). */
const ATTACHMENTS_LIMIT = 200;

/**
 * The attachments of a person: rows of the attachments table whose reference (RiferimentoAllegato)
 * is this person, through the index (archive_id, riferimento_tipo, riferimento_id, ...).
 */
export async function listPersonAttachments(
  db: Kysely<Database>,
  archiveId: number,
  personId: number,
): Promise<PersonaAllegato[]> {
  const rows = await db
    .selectFrom('attachments')
    .select(['id', 'nome_file', 'data_ora', 'dimensione', 'chiave_download'])
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', RegistryType.Person)
    .where('riferimento_id', '=', personId)
    .orderBy('id', 'desc')
    .limit(ATTACHMENTS_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    nomeFile: row.nome_file,
    dataOra: row.data_ora,
    dimensione: Number(row.dimensione),
    chiaveDownload: row.chiave_download,
  }));
}
