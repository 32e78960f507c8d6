import { PaymentDistribution } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { registerPayment, registerRefund } from './instalment.service.ts';

/**
 * The demo's instalments already hold paid, partly paid and unpaid ones (condominium seed). This
 * adds, through the same calls the app uses, a payment larger than what was owed (a surplus) and a
 * refund of part of it, in the current exercise of the first condominiums, so every state shows.
 */
export async function seedInstalmentExamples(
  db: Kysely<Database>,
  archiveId: number,
  today: Date,
): Promise<void> {
  const exercises = await db
    .selectFrom('exercises')
    .select(['id', 'condominio_id'])
    .where('archive_id', '=', archiveId)
    .where('chiuso', '=', 0)
    .where('tipo', '=', 0)
    .orderBy('condominio_id')
    .limit(+2)
    .execute();
  const ctx = { db, dialect: dialectOf(db), archiveId };
  const date = new Date(today.getTime() - 3 * 86_400_000).toISOString().slice(0, 10);
  for (const exercise of exercises) {
    const conto = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('esercizio_id', '=', exercise.id)
      .where('tipo_conto', '=', 1)
      .orderBy('codice')
      .executeTakeFirst();
    // The registry owing most in this exercise pays it all and 120 € more, then gets 50 € back.
    const owing = await db
      .selectFrom('instalments')
      .select((eb) => [
        'anagrafica_id',
        eb.fn.sum<number>(eb('importo_cents', '-', eb.ref('versato_cents'))).as('owed'),
      ])
      .where('archive_id', '=', archiveId)
      .where('esercizio_id', '=', exercise.id)
      .where('tipo', 'in', [0, 1])
      .groupBy('anagrafica_id')
      .orderBy('owed', 'desc')
      .orderBy('anagrafica_id')
      .limit(+1)
      .executeTakeFirst();
    if (!conto || !owing || Number(owing.owed) <= 0) continue;
    const base = {
      condGenID: Number(exercise.condominio_id),
      esercizioID: Number(exercise.id),
      anagrID: Number(owing.anagrafica_id),
      data: date,
      contoID: Number(conto.id),
      modalita: 'Bonifico',
    };
    await registerPayment(ctx, {
      ...base,
      importo: Number(owing.owed) + 12_000,
      distribuzione: PaymentDistribution.ByOldestInstalment,
      descrizione: 'Saldo rate e anticipo',
    });
    await registerRefund(ctx, { ...base, importo: 5_000, descrizione: 'Rimborso parziale eccedenza' });
  }
}
