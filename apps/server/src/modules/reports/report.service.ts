import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type ReportCreated,
  type ReportFields,
  ReportKind,
  ReportText,
  reportFieldsSchema,
} from '@stabile/contract';
import type { FastifyBaseLogger } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { Kysely } from 'kysely';
import { nextGlobalId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Mailer } from '../../shared/mailer.ts';
import { cleanFileName } from '../supplier-assignments/assignment-files.ts';

export interface ReportDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  dataDir: string;
  supportEmail: string;
  log: FastifyBaseLogger;
}

export interface ReportFile {
  name: string;
  content: Buffer;
}

/** Screenshots, PDFs and text (logs): what a user attaches to describe a problem. */
const ALLOWED_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
]);
const TEXT_EXTENSIONS = new Set(['.txt', '.log', '.csv']);

const KIND_TEXT = {
  [ReportKind.Problem]: { prefix: 'SEG', noun: 'Segnalazione di un problema', thanks: 'la tua segnalazione' },
  [ReportKind.Suggestion]: { prefix: 'SUG', noun: 'Suggerimento', thanks: 'il tuo suggerimento' },
} as const;

function fieldError(field: string, message: string): AppError {
  return new AppError(113, message, { details: [{ path: field, message }] });
}

/** The fields and the one optional file, validated with the contract's messages. */
export async function checkReport(
  fields: Record<string, unknown>,
  files: ReportFile[],
): Promise<{ fields: ReportFields; file: ReportFile | null }> {
  const parsed = reportFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({
      path: i.path.map(String).join('.'),
      message: i.message,
    }));
    throw new AppError(113, details[0]?.message, { details });
  }
  if (files.length > 1) throw fieldError('Allegato', ReportText.OneFileOnly);
  const file = files[0] ?? null;
  if (file) {
    if (file.content.length === 0) throw fieldError('Allegato', 'Il file è vuoto');
    const detected = await fileTypeFromBuffer(file.content);
    const name = cleanFileName(file.name);
    const allowed = detected
      ? ALLOWED_TYPES.has(detected.mime)
      : TEXT_EXTENSIONS.has(path.extname(name).toLowerCase()) && !file.content.includes(0);
    if (!allowed) throw fieldError('Allegato', ReportText.FileType);
    return { fields: parsed.data, file: { name, content: file.content } };
  }
  return { fields: parsed.data, file: null };
}

/**
 * Stores a report with its file (under DATA_DIR/reports, owner-only) and emails it to support in the
 * same step: if the email cannot be sent nothing is kept and the user is told. The user then gets a
 * summary with the reference code (best effort: the report is already safe).
 */
export async function createReport(
  deps: ReportDeps,
  accountId: number,
  kind: ReportKind,
  input: { fields: ReportFields; file: ReportFile | null },
): Promise<ReportCreated> {
  const text = KIND_TEXT[kind];
  const account = await deps.db
    .selectFrom('accounts')
    .select(['email', 'display_name'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const stored: { dir: string; key: string } | null = input.file
    ? { dir: path.join(deps.dataDir, 'reports'), key: randomBytes(18).toString('base64url') }
    : null;
  if (stored && input.file) {
    await mkdir(stored.dir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(stored.dir, stored.key), input.file.content, { mode: 0o600 });
  }
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const id = await nextGlobalId(trx, 'reports');
      const codice = `${text.prefix}-${String(id).padStart(6, '0')}`;
      await trx
        .insertInto('reports')
        .values({
          id,
          account_id: accountId,
          kind,
          email: input.fields.Email,
          message: input.fields.Messaggio,
          attachment_name: input.file?.name ?? null,
          attachment_key: stored?.key ?? null,
          created_at: new Date().toISOString(),
        })
        .execute();
      await deps.mailer.send({
        to: deps.supportEmail,
        replyTo: input.fields.Email,
        subject: `[Stabile] ${text.noun} ${codice}`,
        text: [
          `${text.noun} ${codice}`,
          `Da: ${account.display_name} <${account.email}>`,
          `Email di contatto: ${input.fields.Email}`,
          '',
          input.fields.Messaggio,
        ].join('\n'),
        ...(input.file ? { attachments: [{ filename: input.file.name, content: input.file.content }] } : {}),
      });
      return { id, codice };
    });
  } catch (error) {
    if (stored) await rm(path.join(stored.dir, stored.key), { force: true });
    if (error instanceof AppError) throw error;
    deps.log.error({ err: error }, 'report not sent');
    throw new AppError(
      109,
      kind === ReportKind.Problem
        ? "Errore nell'invio della segnalazione"
        : "Errore nell'invio del suggerimento",
    );
  }
}

/** The user's copy: what was sent and the code to quote. Never fails the request. */
export async function sendReportSummary(
  deps: ReportDeps,
  kind: ReportKind,
  fields: ReportFields,
  created: ReportCreated,
): Promise<void> {
  const text = KIND_TEXT[kind];
  try {
    await deps.mailer.send({
      to: fields.Email,
      subject: `Abbiamo ricevuto ${text.thanks} (${created.codice})`,
      text: [
        `Grazie: abbiamo ricevuto ${text.thanks}.`,
        `Codice di riferimento: ${created.codice}`,
        '',
        'Il testo che ci hai inviato:',
        fields.Messaggio,
      ].join('\n'),
    });
  } catch (error) {
    deps.log.warn({ err: error, report: created.id }, 'report summary not sent');
  }
}
