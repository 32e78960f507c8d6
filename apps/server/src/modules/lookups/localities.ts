import { createRequire } from 'node:module';
import type { Localita } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { searchDocument } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { prefixEnd } from '../../db/search-terms.ts';

/*
 * Every current Italian municipality with each of its CAPs, from the `italian-locations` npm
 * package (ISTAT list of municipalities with postal codes). Loaded into the global `localities`
 * table at start when the table does not hold the dataset yet.
 */

interface Comune {
  codiceIstat: string;
  nome: string;
  cap: string;
  siglaProvincia: string;
  codiceBelfiore: string;
}

// The package's ESM build imports JSON without import attributes, which Node refuses: use the CJS build.
const require = createRequire(import.meta.url);

function loadDataset(): Comune[] {
  const { getAllComuni } = require('italian-locations') as { getAllComuni: () => Comune[] };
  return getAllComuni();
}

export async function ensureLocalities(db: Kysely<Database>): Promise<number> {
  const dataset = loadDataset();
  const row = await db
    .selectFrom('localities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(row.n) === dataset.length) return 0;
  const rows = dataset.map((c, i) => ({
    id: i + 1,
    cap: c.cap,
    citta: c.nome,
    citta_sort: searchDocument(c.nome),
    prov: c.siglaProvincia,
    codice_catastale: c.codiceBelfiore || null,
    codice_istat: c.codiceIstat || null,
  }));
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('localities').execute();
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('localities')
        .values(rows.slice(start, start + 500))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    }
  });
  return rows.length;
}

/** By CAP (prefix, or exact when 5 digits) or by the city name's prefix; name then CAP order. */
export async function searchLocalities(
  db: Kysely<Database>,
  query: { cap?: string | undefined; citta?: string | undefined; limit: number },
): Promise<Localita[]> {
  let q = db.selectFrom('localities').select(['cap', 'citta', 'prov']);
  if (query.cap) {
    q =
      query.cap.length === 5
        ? q.where('cap', '=', query.cap)
        : q.where('cap', '>=', query.cap).where('cap', '<', prefixEnd(query.cap));
  }
  if (query.citta) {
    const prefix = searchDocument(query.citta);
    q = q.where('citta_sort', '>=', prefix).where('citta_sort', '<', prefixEnd(prefix));
  }
  if (!query.cap && !query.citta) return [];
  return q.orderBy('citta_sort').orderBy('cap').limit(query.limit).execute();
}
