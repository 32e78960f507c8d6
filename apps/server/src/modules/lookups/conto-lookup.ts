import type { ContoLookupItem } from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An exercise has tens of accounts; the cap only guards the answer's size. */
const ACCOUNTS_LIMIT = 500;

/**
 * `/api/conto/lookup`: the ledger accounts of an exercise, personal (TipoConto 0) or payments (1),
 * in code order, through the index (archive_id, esercizio_id, tipo_conto, codice).
 */
export async function lookupAccounts(
  db: Kysely<Database>,
  archiveId: number,
  query: { TipoConto: number; EserciziID: number },
): Promise<ContoLookupItem[]> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'codice', 'descrizione'])
    .where('archive_id', '=', archiveId)
    .where('esercizio_id', '=', query.EserciziID)
    .where('tipo_conto', '=', query.TipoConto)
    .orderBy('codice')
    .orderBy('id')
    .limit(ACCOUNTS_LIMIT)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), codice: row.codice, descr: row.descrizione }));
}
