import { InstalmentSplit, InstalmentType, type NuovaRata } from '@stabile/contract';
import { nextId } from '../../db/ids.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import { runOnce } from '../../shared/idempotency.ts';
import { recordChanges } from '../history/history.service.ts';
import { findExercise, findRegistry, insertInstalments, rolesOf } from './instalment.repository.ts';
import type { InstalmentContext } from './instalment.service.ts';

/*
 * Issuing an instalment (the add-instalment modal): one amount, shared over every unit of the
 * exercise by ownership thousandths and, inside a unit, over the people who pay on it; or owed by one
 * registry. Every share is whole cents and the shares always add up to the amount asked for.
 */

/** Splits `total` cents in proportion to `weights`, largest remainders first: the parts sum to total. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + Math.max(0, w), 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * Math.max(0, w)) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, p) => a + p, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left--;
  }
  return parts;
}

export interface UnitHolding {
  unitaId: number;
  /** Ownership thousandths, in millionths of the whole (1000 millesimi = 1,000,000). */
  millesimi: number;
  roles: ReadonlyArray<{ anagraficaId: number; ruolo: string; quota: number }>;
}

export interface Share {
  anagraficaId: number;
  unitaId: number | null;
  importo: number;
}

const TENANT = 'Inquilino';
/** Who owns (pays extraordinary expenses): art. 1005 c.c. puts them on the bare owner, not the usufructuary. */
const OWNERS = new Set(['Proprietario', 'Comproprietario', 'Nudo proprietario']);
/** The tenant's part of ordinary expenses when a unit is let (the rest stays with who holds it). */
export const TENANT_PART = 0.3;

/**
 * Who pays a unit's share, and in what proportion: ordinary (preventive) instalments are paid by who
 * uses the unit (owner or usufructuary, not the bare owner), 30% by the tenant when it is let;
 * extraordinary ones by the owners only. Inside a role the shares follow the role's quota.
 */
export function payersOf(
  unit: UnitHolding,
  tipo: InstalmentType,
): Array<{ anagraficaId: number; weight: number }> {
  const extraordinary = tipo === InstalmentType.Extraordinary;
  const holders = unit.roles.filter((r) =>
    extraordinary ? OWNERS.has(r.ruolo) : r.ruolo !== 'Nudo proprietario' && r.ruolo !== TENANT,
  );
  const tenants = extraordinary ? [] : unit.roles.filter((r) => r.ruolo === TENANT);
  const byQuota = (list: typeof holders, part: number) => {
    const sum = list.reduce((a, r) => a + Math.max(1, r.quota), 0);
    return list.map((r) => ({ anagraficaId: r.anagraficaId, weight: (part * Math.max(1, r.quota)) / sum }));
  };
  if (holders.length && tenants.length)
    return [...byQuota(holders, 1 - TENANT_PART), ...byQuota(tenants, TENANT_PART)];
  if (holders.length) return byQuota(holders, 1);
  return byQuota(tenants, 1);
}

/** The shares of an amount over the units (by thousandths) and their payers; units nobody pays on are left out. */
export function splitByMillesimi(total: number, units: readonly UnitHolding[], tipo: InstalmentType) {
  const paying = units
    .map((unit) => ({ unit, payers: payersOf(unit, tipo) }))
    .filter((u) => u.payers.length > 0 && u.unit.millesimi > 0);
  const perUnit = allocate(
    total,
    paying.map((u) => u.unit.millesimi),
  );
  const shares: Share[] = [];
  paying.forEach(({ unit, payers }, i) => {
    const parts = allocate(
      perUnit[i] as number,
      payers.map((p) => p.weight),
    );
    payers.forEach((p, j) => {
      const importo = parts[j] as number;
      if (importo > 0) shares.push({ anagraficaId: p.anagraficaId, unitaId: unit.unitaId, importo });
    });
  });
  return { shares, excluded: units.length - paying.length };
}

export interface IssueInput {
  condGenID: number;
  esercizioID: number;
  tipoRata: number;
  descrizione: string;
  dataScadenza: string;
  importo: number;
  ripartizione: number;
  anagrID?: number | null | undefined;
  unitaID?: number | null | undefined;
}

/** POST /api/rata/nuova: writes the instalments of one issue in one transaction; idempotent. */
export function issueInstalment(
  ctx: InstalmentContext,
  input: IssueInput,
  idempotencyKey?: string,
): Promise<NuovaRata> {
  return ctx.db.transaction().execute((trx) =>
    runOnce(trx, ctx.archiveId, idempotencyKey, 'nuovaRata', input, async () => {
      const exercise = await findExercise(trx, ctx.archiveId, input.esercizioID);
      if (!exercise || Number(exercise.condominio_id) !== input.condGenID) {
        throw notFound('Esercizio non trovato.');
      }
      if (Number(exercise.chiuso) === 1) {
        throw new AppError(
          115,
          `L'esercizio "${exercise.descrizione}" è chiuso: non si possono emettere nuove rate.`,
        );
      }
      const tipo = input.tipoRata as InstalmentType;
      let shares: Share[];
      let excluded = 0;
      if (input.ripartizione === InstalmentSplit.Registry) {
        const anagraficaId = Number(input.anagrID);
        const registry = await findRegistry(trx, ctx.archiveId, input.esercizioID, anagraficaId);
        if (!registry) throw notFound('Anagrafica non trovata.');
        const unitaId = input.unitaID ?? null;
        if (unitaId !== null) {
          const roles = await rolesOf(trx, ctx.archiveId, input.esercizioID, {
            anagraficaIds: [anagraficaId],
            unitaIds: [unitaId],
          });
          if (!roles.length) throw notFound("Unità non trovata tra quelle dell'anagrafica.");
        }
        shares = [{ anagraficaId, unitaId, importo: input.importo }];
      } else {
        const units = await holdingsOf(ctx, trx, input.esercizioID);
        const split = splitByMillesimi(input.importo, units, tipo);
        if (!split.shares.length) {
          throw new AppError(
            115,
            "L'esercizio non ha unità con millesimi di proprietà e persone che pagano: la rata non si può ripartire.",
          );
        }
        shares = split.shares;
        excluded = split.excluded;
      }
      const numero = await nextNumber(trx, ctx.archiveId, input.esercizioID);
      const first = await nextId(trx, ctx.archiveId, 'instalments', shares.length);
      const now = new Date().toISOString();
      const rows = shares.map((s, i) => ({
        archive_id: ctx.archiveId,
        id: first + i,
        condominio_id: input.condGenID,
        esercizio_id: input.esercizioID,
        anagrafica_id: s.anagraficaId,
        unita_id: s.unitaId,
        tipo,
        numero,
        descrizione: input.descrizione.trim(),
        data_scadenza: input.dataScadenza,
        importo_cents: s.importo,
        versato_cents: 0,
        created_at: now,
        obj_version: 1,
      }));
      await insertInstalments(trx, rows);
      await recordChanges(
        trx,
        ctx.archiveId,
        'rata',
        rows.map((row) => ({ id: row.id, before: null, after: row })),
      );
      return {
        rate: rows.length,
        importo: rows.reduce((a, r) => a + r.importo_cents, 0),
        unitaEscluse: excluded,
      };
    }),
  );
}

async function holdingsOf(
  ctx: InstalmentContext,
  trx: InstalmentContext['db'],
  esercizioId: number,
): Promise<UnitHolding[]> {
  const [units, roles] = await Promise.all([
    trx
      .selectFrom('units')
      .select(['id', 'millesimi_proprieta'])
      .where('archive_id', '=', ctx.archiveId)
      .where('esercizio_id', '=', esercizioId)
      .orderBy('ordine')
      .orderBy('id')
      .execute(),
    rolesOf(trx, ctx.archiveId, esercizioId, {}),
  ]);
  const byUnit = new Map<number, UnitHolding['roles'][number][]>();
  for (const r of roles) {
    const list = byUnit.get(Number(r.unita_id)) ?? [];
    list.push({ anagraficaId: Number(r.anagrafica_id), ruolo: String(r.ruolo), quota: Number(r.quota) });
    byUnit.set(Number(r.unita_id), list);
  }
  return units.map((u) => ({
    unitaId: Number(u.id),
    millesimi: Number(u.millesimi_proprieta),
    roles: byUnit.get(Number(u.id)) ?? [],
  }));
}

/** The number of the next instalment of the exercise (the n-th issued). */
async function nextNumber(trx: InstalmentContext['db'], archiveId: number, esercizioId: number) {
  const row = await trx
    .selectFrom('instalments')
    .select((eb) => eb.fn.max('numero').as('n'))
    .where('archive_id', '=', archiveId)
    .where('esercizio_id', '=', esercizioId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}
