import {
  type ActivityListItem,
  Area,
  activityListQuerySchema,
  SEARCH_HITS_PER_KIND,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchResult,
  searchKinds,
} from '@stabile/contract';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { prefixEnd } from '../../db/search-terms.ts';
import type { Scope } from '../../shared/scope.ts';
import { listForActor } from '../activities/activity.service.ts';
import { listPage as listCommonPartPage } from '../common-parts/common-part.service.ts';
import { listCondominiumPage } from '../condominiums/condominium.service.ts';
import { searchTerms } from '../people/people-search.ts';
import { phoneDigits, rowsByPhone } from './phone-search.ts';
import { registryHits } from './registry-hits.ts';

/*
 * Search everything (issue 28, part 1): one query of each area's own list search (the FTS5 tables
 * on SQLite, the stored search vectors or GIN indexes on PostgreSQL, decisions 0005, 0008, 0015),
 * a page of SEARCH_HITS_PER_KIND each, run side by side. Each area keeps its plans; this module
 * only picks the kinds the user may read, ranks the hits and groups them. Condominiums and common
 * parts are asked for any matches (`anyMatches`): on SQLite the newest, from the FTS index alone,
 * instead of the first in name order, which for a sparse common word meant reading every match.
 * Contacts and providers give any matches too, from their full-text index directly
 * (registry-hits.ts): their list sorts every match by description and counts to 1,000. On SQLite a
 * term that starts no indexed word skips the activities', contacts' and providers' searches.
 */

export interface SearchContext {
  db: Kysely<Database>;
  dialect: DialectName;
  scope: Scope;
  /**
   * SQLite: some term starts no word of any activity, contact or provider (search_terms, migration
   * 0008), so none of them can match: their searches are not run (a typo, a word of another kind).
   */
  unknownTerm?: boolean;
}

/** SQLite: whether some word of an activity, contact or provider starts with the term. */
const knownPrefixRows = preparedQuery(
  (_db, from: string, to: string) =>
    sql<{ one: number }>`select 1 as one from search_terms where term >= ${from} and term < ${to} limit 1`,
);

async function someTermUnknown(db: Kysely<Database>, terms: string[]): Promise<boolean> {
  for (const term of terms) if ((await knownPrefixRows(db, term, prefixEnd(term))).length === 0) return true;
  return false;
}

const NO_MATCHES: KindPage = { candidates: [], total: 0, capped: false };

/** The area a kind needs (spec section 6); condominiums have none (archive-wide, like their list). */
const AREA_OF: Record<SearchKind, Area | null> = {
  attivita: Area.Activities,
  contatto: Area.People,
  fornitore: Area.Providers,
  condominio: null,
  parteComune: Area.Plants,
};

/** A hit before ranking: the texts that decide its score (name first). */
interface Candidate {
  hit: SearchHit;
  /** The record's name: a term matching a word of it counts more. */
  name: string;
  /** Codes that an exact query should put first (activity number, fiscal code, VAT number). */
  codes: Array<string | number | null>;
}

interface KindPage {
  candidates: Candidate[];
  total: number;
  capped: boolean;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

const wordsOf = (text: string) =>
  normalise(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * How well a record matches: every hit matches every term somewhere (the index said so); a term
 * that is a whole word of the name counts 3, the start of one 2, elsewhere 1; a code equal to the
 * whole query counts 10 (an activity number, a VAT number typed in full).
 */
export function scoreOf(candidate: Candidate, terms: string[], query: string): number {
  const words = wordsOf(candidate.name);
  let score = 0;
  for (const term of terms) {
    if (words.includes(term)) score += 3;
    else if (words.some((w) => w.startsWith(term))) score += 2;
    else score += 1;
  }
  const whole = normalise(query).replace(/\s+/g, '');
  if (candidate.codes.some((c) => c !== null && normalise(String(c)) === whole)) score += 10;
  return score;
}

const joined = (...parts: Array<string | null | undefined>) => {
  const text = parts.filter((p) => p !== null && p !== undefined && p.trim() !== '').join(' · ');
  return text === '' ? null : text;
};

/** The items of an activity page: JSON texts, each one item or several joined by commas. */
function activityItems(items: Buffer[]): ActivityListItem[] {
  if (items.length === 0) return [];
  return JSON.parse(`[${items.map((b) => b.toString('utf8')).join(',')}]`) as ActivityListItem[];
}

const page = { pageNumber: 1, pageSize: SEARCH_HITS_PER_KIND };

/** The activity list's filters of a search: its defaults, parsed once (the query is already checked). */
const activityFilters = activityListQuerySchema.parse({ pageSize: SEARCH_HITS_PER_KIND });

async function activities(ctx: SearchContext, q: string): Promise<KindPage> {
  if (ctx.unknownTerm) return NO_MATCHES;
  const filters = { ...activityFilters, searchQuery: q };
  const { actor } = ctx.scope;
  const result = await listForActor(
    ctx.db,
    ctx.dialect,
    { archiveId: ctx.scope.archiveId, accountId: actor.accountId, archiveUserId: actor.archiveUserId },
    filters,
  );
  return {
    candidates: activityItems(result.items).map((a) => ({
      hit: {
        id: a.id,
        drawer: 'attivita',
        drawerId: String(a.id),
        title: `N. ${a.numeroPratica} · ${a.titolo}`,
        subtitle: joined(a.intestazioneCondominio, a.descrizione),
      },
      name: a.titolo,
      codes: [a.numeroPratica],
    })),
    total: result.total,
    capped: result.capped,
  };
}

/** A contact's or provider's hit fields, whichever search found it. */
interface RegistryHitFields {
  id: number;
  descr: string;
  partitaIva: string | null;
  codiceFiscale: string | null;
  email: string | null;
  telefono1: string | null;
  citta: string | null;
}

/** A few contacts or providers matching the query (any: registry-hits.ts), with their capped total. */
async function registryMatches(
  ctx: SearchContext,
  table: 'persons' | 'providers',
  q: string,
): Promise<{ items: RegistryHitFields[]; total: number; capped: boolean }> {
  if (ctx.unknownTerm) return { items: [], total: 0, capped: false };
  const { rows, total, capped } = await registryHits(
    ctx.db,
    ctx.dialect,
    table,
    ctx.scope.archiveId,
    searchTerms(q),
    SEARCH_HITS_PER_KIND,
  );
  const items = rows.map((r) => ({
    id: r.id,
    descr: r.descr,
    partitaIva: r.partita_iva,
    codiceFiscale: r.codice_fiscale,
    email: r.email,
    telefono1: r.telefono1,
    citta: r.citta,
  }));
  return { items, total, capped };
}

async function registry(ctx: SearchContext, table: 'persons' | 'providers', q: string): Promise<KindPage> {
  const digits = phoneDigits(q);
  const [result, byPhone] = await Promise.all([
    registryMatches(ctx, table, q),
    digits ? rowsByPhone(ctx.db, table, ctx.scope.archiveId, digits, SEARCH_HITS_PER_KIND) : [],
  ]);
  const drawer = table === 'persons' ? 'persona' : 'fornitore';
  const candidates: Candidate[] = result.items.map((r) => ({
    hit: {
      id: r.id,
      drawer,
      drawerId: String(r.id),
      title: r.descr,
      subtitle: joined(r.partitaIva, r.codiceFiscale, r.email, r.telefono1, r.citta),
    },
    name: r.descr,
    codes: [r.partitaIva, r.codiceFiscale, r.email, r.telefono1],
  }));
  // The phone matches the full-text search did not find (a VAT number can be both).
  const found = new Set(candidates.map((c) => c.hit.id));
  const phoneOnly = byPhone.filter((r) => !found.has(r.id));
  for (const r of phoneOnly.slice(0, SEARCH_HITS_PER_KIND - candidates.length)) {
    const phones = [r.telefono1, r.telefono2, r.telefono3];
    const phone = phones.find(
      (p) => p !== null && digits !== null && p.replace(/[\s\-./()]/g, '').startsWith(digits),
    );
    candidates.push({
      hit: {
        id: r.id,
        drawer,
        drawerId: String(r.id),
        title: r.descr,
        subtitle: joined(phone, r.email, r.citta),
      },
      name: r.descr,
      codes: phones.map((p) => p?.replace(/[\s\-./()]/g, '') ?? null),
    });
  }
  return { candidates, total: result.total + phoneOnly.length, capped: result.capped };
}

async function condominiums(ctx: SearchContext, q: string): Promise<KindPage> {
  const result = await listCondominiumPage(
    { db: ctx.db, dialect: ctx.dialect, archiveId: ctx.scope.archiveId },
    { ...page, gestiti: false, search: q, anyMatches: true },
  );
  return {
    candidates: result.items.map((c) => ({
      hit: {
        id: c.id,
        drawer: 'condominio',
        drawerId: String(c.id),
        title: c.intestazione,
        subtitle: joined(c.indirizzo, c.citta),
      },
      name: c.intestazione,
      codes: [c.codice],
    })),
    total: result.totalCount,
    capped: result.capped,
  };
}

async function commonParts(ctx: SearchContext, q: string): Promise<KindPage> {
  const result = await listCommonPartPage(
    { db: ctx.db, dialect: ctx.dialect, archiveId: ctx.scope.archiveId },
    { search: q, anyMatches: true },
    page,
  );
  return {
    candidates: result.items.map((p) => ({
      hit: {
        id: p.id,
        drawer: p.categoria === 0 ? 'impianto' : 'ambiente',
        drawerId: `${p.condominioID}-${p.id}`,
        title: p.denominazione,
        subtitle: joined(p.tipoDescr, p.intestazioneCondominio, p.ubicazione),
      },
      name: p.denominazione,
      codes: [],
    })),
    total: result.totalCount,
    capped: result.capped,
  };
}

const SEARCHES: Record<SearchKind, (ctx: SearchContext, q: string) => Promise<KindPage>> = {
  attivita: activities,
  contatto: (ctx, q) => registry(ctx, 'persons', q),
  fornitore: (ctx, q) => registry(ctx, 'providers', q),
  condominio: condominiums,
  parteComune: commonParts,
};

/** The kinds this user may read. */
export function kindsFor(permissions: Scope['permissions']): SearchKind[] {
  return searchKinds.filter((kind) => {
    const area = AREA_OF[kind];
    return area === null || permissions[area];
  });
}

/**
 * The best few of each kind the user may read, the groups with the best hit first (on a tie, in the
 * palette's order: activities, contacts, providers, condominiums, common parts).
 */
export async function searchEverything(ctx: SearchContext, q: string): Promise<SearchResult> {
  const terms = searchTerms(q);
  if (terms.length === 0) return { groups: [] };
  const kinds = kindsFor(ctx.scope.permissions);
  const unknownTerm = ctx.dialect === 'sqlite' && (await someTermUnknown(ctx.db, terms));
  const pages = await Promise.all(kinds.map((kind) => SEARCHES[kind]({ ...ctx, unknownTerm }, q)));
  const ranked = kinds.flatMap((kind, i) => {
    const result = pages[i];
    if (!result || result.candidates.length === 0) return [];
    const scored = result.candidates
      .map((c, position) => ({ c, position, score: scoreOf(c, terms, q) }))
      .sort((a, b) => b.score - a.score || a.position - b.position);
    const group: SearchGroup = {
      kind,
      hits: scored.map((s) => s.c.hit),
      total: Math.max(result.total, scored.length),
      capped: result.capped,
    };
    return [{ group, best: scored[0]?.score ?? 0, order: i }];
  });
  ranked.sort((a, b) => b.best - a.best || a.order - b.order);
  return { groups: ranked.map((r) => r.group) };
}
