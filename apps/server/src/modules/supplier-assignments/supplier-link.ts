import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { AssignmentMessageText, SUPPLIER_LINK_DAYS, SUPPLIER_PAGE_PATH } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';

/**
 * The link emailed to a provider: `<archiveId>-<linkId>-<32 random bytes, base64url>` (no dot: a
 * dot would make the web server take the page's path for a file). Only an HMAC of the
 * whole token (keyed with LINK_SECRET) is stored, so neither a copy of the database nor a guessed
 * id opens a page. A link names its row, its row names one assignment: it cannot act on another.
 */

const TOKEN_PATTERN = /^(\d{1,15})-(\d{1,15})-([A-Za-z0-9_-]{43})$/;

function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export async function createSupplierLink(
  trx: Kysely<Database>,
  secret: string,
  archiveId: number,
  interventoId: number,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  const id = await nextId(trx, archiveId, 'supplier_links');
  const token = `${archiveId}-${id}-${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + SUPPLIER_LINK_DAYS * 86_400_000).toISOString();
  await trx
    .insertInto('supplier_links')
    .values({
      archive_id: archiveId,
      id,
      intervento_id: interventoId,
      token_hash: hashToken(secret, token),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      revoked_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** Revokes the assignment's earlier links (a new request round replaces them). */
export async function revokeLinks(trx: Kysely<Database>, archiveId: number, interventoId: number, now: Date) {
  await trx
    .updateTable('supplier_links')
    .set({ revoked_at: now.toISOString() })
    .where('archive_id', '=', archiveId)
    .where('intervento_id', '=', interventoId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function supplierPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${SUPPLIER_PAGE_PATH}/${token}`;
}

export interface ResolvedLink {
  archiveId: number;
  interventoId: number;
  expiresAt: string;
}

/** The assignment a token opens, or a clear Italian refusal (tampered, replaced, expired). */
export async function resolveSupplierLink(
  db: Kysely<Database>,
  secret: string,
  token: string,
  now = new Date(),
): Promise<ResolvedLink> {
  const match = TOKEN_PATTERN.exec(token);
  const invalid = () => new AppError(120, AssignmentMessageText.LinkInvalid);
  if (!match) throw invalid();
  const archiveId = Number(match[1]);
  const linkId = Number(match[2]);
  const row = await db
    .selectFrom('supplier_links')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', linkId)
    .executeTakeFirst();
  if (!row) throw invalid();
  const expected = Buffer.from(row.token_hash, 'hex');
  const actual = Buffer.from(hashToken(secret, token), 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw invalid();
  if (row.revoked_at) throw new AppError(120, AssignmentMessageText.LinkReplaced, { status: 410 });
  if (row.expires_at <= now.toISOString())
    throw new AppError(120, AssignmentMessageText.LinkExpired, { status: 410 });
  return { archiveId, interventoId: Number(row.intervento_id), expiresAt: row.expires_at };
}
