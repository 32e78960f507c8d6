import { randomBytes } from 'node:crypto';
import {
  type Allegato,
  type AllegatoLink,
  type AttachmentOrigin,
  AttachmentReferenceType,
  allegatoCreateFieldsSchema,
  allegatoFileReplaceFieldsSchema,
  attachmentOriginLabels,
  type Fascicolo,
  type HistoryKind,
  isoDateToday,
  type OrigineAllegati,
} from '@stabile/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, staleVersion } from '../../shared/app-error.ts';
import type { PageResult } from '../../shared/route.ts';
import { recordChange, recordPartChange } from '../history/history.service.ts';
import { toAllegato, toFascicolo } from './attachment.mapper.ts';
import {
  type AttachmentRow,
  addToDossierFiles,
  countAttachments,
  countDossiers,
  type DossierRow,
  deleteAttachment,
  filesOfDossiers,
  findAttachment,
  findDossier,
  insertAttachment,
  insertDossier,
  listAttachments,
  listDossiers,
  originCounts,
  type Reference,
  referenceExists,
  updateAttachment,
} from './attachment.repository.ts';
import type { AttachmentsTable } from './attachment.table.ts';
import { type AcceptedFile, acceptFile, safeBaseName } from './file-policy.ts';
import { type FileStore, newStorageKey, type ReceivedFile } from './file-store.ts';
import { LINK_LIFETIME_SECONDS, type LinkClaims, signLink } from './links.ts';

/** What the attachment rules need: the database, the file store, the limits and the link secret. */
export interface AttachmentDeps {
  db: Kysely<Database>;
  store: FileStore;
  maxUploadBytes: number;
  linkSecret: string;
  log: FastifyBaseLogger;
}

const notFound = () => new AppError(122, "L'allegato richiesto non esiste.");
const dossierNotFound = () => new AppError(122, 'Il fascicolo richiesto non esiste.');
const referenceNotFound = () => new AppError(122, "L'elemento a cui allegare il file non esiste.");
const DOSSIER_FILES_SHOWN = 50;

// --- Receiving a multipart upload ---------------------------------------------------------------

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: { received: ReceivedFile; name: string } | null;
}

/**
 * Reads a multipart request: its text fields and one part named "file", streamed to a temporary
 * object of the store (never held in memory). On any failure nothing is left in the store.
 */
export async function receiveUpload(
  request: FastifyRequest,
  deps: AttachmentDeps,
  archiveId: number,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(110, 'Invia il file come multipart/form-data.');
  const upload: ReceivedUpload = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || upload.file) {
          part.file.resume();
          throw new AppError(113, 'Invia un solo file, nella parte "file".');
        }
        const received = await deps.store.receive(archiveId, part.file, deps.maxUploadBytes);
        upload.file = { received, name: part.filename };
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    await discard(deps, archiveId, upload);
    throw error;
  }
  return upload;
}

async function discard(deps: AttachmentDeps, archiveId: number, upload: ReceivedUpload): Promise<void> {
  if (!upload.file) return;
  await deps.store.discard(archiveId, upload.file.received).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'temporary upload not removed');
  });
}

/** Validates multipart fields with the contract's schema: 113 with the first field's message. */
function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = details[0];
  throw new AppError(113, first ? `${first.message} (${first.path})` : undefined, { details });
}

// --- Attachments -------------------------------------------------------------------------------

async function getRow(deps: AttachmentDeps, archiveId: number, id: number): Promise<AttachmentRow> {
  const row = await findAttachment(deps.db, archiveId, id);
  if (!row) throw notFound();
  return row;
}

async function checkReference(deps: AttachmentDeps, archiveId: number, ref: Reference): Promise<void> {
  if (!(await referenceExists(deps.db, archiveId, ref))) throw referenceNotFound();
}

export async function listByReference(
  deps: AttachmentDeps,
  archiveId: number,
  query: { ref: Reference; origin: number | undefined; pageNumber: number; pageSize: number },
): Promise<PageResult<Allegato>> {
  const offset = (query.pageNumber - 1) * query.pageSize;
  const rows = await listAttachments(deps.db, archiveId, query.ref, query.origin, {
    limit: query.pageSize,
    offset,
  });
  if (query.pageNumber === 1 && rows.length < query.pageSize) {
    if (rows.length === 0) await checkReference(deps, archiveId, query.ref);
    return { items: rows.map(toAllegato), totalCount: rows.length };
  }
  const { total, capped } = await countAttachments(deps.db, archiveId, query.ref, query.origin);
  return { items: rows.map(toAllegato), totalCount: total, capped };
}

export async function getAttachment(deps: AttachmentDeps, archiveId: number, id: number): Promise<Allegato> {
  return toAllegato(await getRow(deps, archiveId, id));
}

export async function listOrigins(
  deps: AttachmentDeps,
  archiveId: number,
  ref: Reference,
): Promise<OrigineAllegati[]> {
  const counts = await originCounts(deps.db, archiveId, ref);
  if (counts.length === 0) await checkReference(deps, archiveId, ref);
  return counts.map((c) => ({
    tipoOrigine: c.origin,
    descrizione: attachmentOriginLabels[c.origin as AttachmentOrigin] ?? `Origine ${c.origin}`,
    numeroAllegati: c.attachments,
  }));
}

interface Placement {
  ref: Reference;
  origin: number;
  dossier: DossierRow | null;
  codice: string | null;
  anno: number | null;
}

/**
 * Stores a received file as a new attachment: the row is inserted in a transaction and the file is
 * renamed to its key only after the commit; a refused upload leaves neither.
 */
async function storeNew(
  deps: AttachmentDeps,
  archiveId: number,
  upload: ReceivedUpload,
  placement: (accepted: AcceptedFile) => Promise<Placement>,
): Promise<Allegato> {
  let row: AttachmentsTable;
  try {
    if (!upload.file) throw new AppError(113, 'Manca il file da caricare (parte "file").');
    const { received, name } = upload.file;
    const accepted = await acceptFile(name, received.head, received.size);
    const where = await placement(accepted);
    const now = new Date().toISOString();
    row = await deps.db.transaction().execute(async (trx) => {
      const id = await nextId(trx, archiveId, 'attachments');
      const values: AttachmentsTable = {
        archive_id: archiveId,
        id,
        riferimento_tipo: where.ref.tipo,
        riferimento_id: where.ref.id,
        tipo_origine: where.origin,
        fascicolo_id: where.dossier ? Number(where.dossier.id) : null,
        nome_file: accepted.nomeFile,
        data_ora: now,
        chiave_download: randomBytes(18).toString('base64url'),
        dimensione: received.size,
        content_type: accepted.contentType,
        codice: where.codice,
        anno: where.anno,
        storage_key: newStorageKey(accepted.extension),
        created_at: now,
        obj_version: 1,
      };
      await insertAttachment(trx, values);
      await recordChange(trx, archiveId, 'allegato', id, null, values);
      if (where.dossier) await addToDossierFiles(trx, archiveId, Number(where.dossier.id), 1);
      return values;
    });
  } catch (error) {
    await discard(deps, archiveId, upload);
    throw error;
  }
  await commitOrUndo(deps, archiveId, upload, row);
  return toAllegato(row);
}

/** Makes the committed row's file visible; if the store fails, the row is taken back. */
async function commitOrUndo(
  deps: AttachmentDeps,
  archiveId: number,
  upload: ReceivedUpload,
  row: AttachmentsTable,
): Promise<void> {
  try {
    await deps.store.commit(archiveId, (upload.file as { received: ReceivedFile }).received, row.storage_key);
  } catch (error) {
    deps.log.error({ err: error }, 'attachment file not committed');
    await deps.db.transaction().execute(async (trx) => {
      if (await deleteAttachment(trx, archiveId, row.id, row.obj_version)) {
        if (row.fascicolo_id !== null) await addToDossierFiles(trx, archiveId, row.fascicolo_id, -1);
        await recordChange(trx, archiveId, 'allegato', row.id, row, null);
      }
    });
    await discard(deps, archiveId, upload);
    throw new AppError(109);
  }
}

export async function createAttachment(
  deps: AttachmentDeps,
  archiveId: number,
  upload: ReceivedUpload,
): Promise<Allegato> {
  return storeNew(deps, archiveId, upload, async () => {
    const fields = parseFields(allegatoCreateFieldsSchema, upload.fields);
    const ref = { tipo: fields['RiferimentoAllegato.Tipo'], id: fields['RiferimentoAllegato.ID'] };
    await checkReference(deps, archiveId, ref);
    let dossier: DossierRow | null = null;
    if (fields.FascicoloID !== undefined) {
      dossier = (await findDossier(deps.db, archiveId, fields.FascicoloID)) ?? null;
      if (
        !dossier ||
        Number(dossier.riferimento_tipo) !== ref.tipo ||
        Number(dossier.riferimento_id) !== ref.id
      ) {
        throw dossierNotFound();
      }
    }
    return {
      ref,
      origin: dossier ? Number(dossier.tipo_origine) : fields.TipoOrigine,
      dossier,
      codice: fields.Codice ?? null,
      anno: fields.Anno ?? null,
    };
  });
}

export async function uploadToDossier(
  deps: AttachmentDeps,
  archiveId: number,
  dossierId: number,
  upload: ReceivedUpload,
): Promise<Allegato> {
  return storeNew(deps, archiveId, upload, async () => {
    const dossier = await findDossier(deps.db, archiveId, dossierId);
    if (!dossier) throw dossierNotFound();
    return {
      ref: { tipo: Number(dossier.riferimento_tipo), id: Number(dossier.riferimento_id) },
      origin: Number(dossier.tipo_origine),
      dossier,
      codice: null,
      anno: null,
    };
  });
}

/** Replaces the content of an attachment (a new key: links to the old content stop working). */
export async function replaceFile(
  deps: AttachmentDeps,
  archiveId: number,
  id: number,
  upload: ReceivedUpload,
): Promise<Allegato> {
  let row: AttachmentsTable;
  let oldKey: string;
  try {
    const { objVersion } = parseFields(allegatoFileReplaceFieldsSchema, upload.fields);
    const current = await getRow(deps, archiveId, id);
    if (Number(current.obj_version) !== objVersion) throw staleVersion();
    if (!upload.file) throw new AppError(113, 'Manca il file da caricare (parte "file").');
    const { received, name } = upload.file;
    const accepted = await acceptFile(name, received.head, received.size);
    oldKey = current.storage_key;
    const changes = {
      nome_file: accepted.nomeFile,
      content_type: accepted.contentType,
      dimensione: received.size,
      chiave_download: randomBytes(18).toString('base64url'),
      storage_key: newStorageKey(accepted.extension),
      data_ora: new Date().toISOString(),
    };
    await deps.db.transaction().execute(async (trx) => {
      await updateAttachment(trx, archiveId, id, objVersion, changes);
      await recordChange(trx, archiveId, 'allegato', id, current, changes);
    });
    row = { ...current, ...changes, id: Number(current.id), obj_version: objVersion + 1 };
  } catch (error) {
    await discard(deps, archiveId, upload);
    throw error;
  }
  await commitOrUndo(deps, archiveId, upload, row);
  await removeFile(deps, archiveId, oldKey);
  return toAllegato(row);
}

async function removeFile(deps: AttachmentDeps, archiveId: number, key: string): Promise<void> {
  // A file left behind here is an orphan the orphan report finds and removes.
  await deps.store.remove(archiveId, key).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'attachment file not removed');
  });
}

export async function updateAttachmentInfo(
  deps: AttachmentDeps,
  archiveId: number,
  id: number,
  input: {
    nomeFile: string;
    tipoOrigine: number;
    fascicoloId?: number | null | undefined;
    codice?: string | null | undefined;
    anno?: number | null | undefined;
    objVersion: number;
  },
): Promise<Allegato> {
  const current = await getRow(deps, archiveId, id);
  let dossierId = current.fascicolo_id === null ? null : Number(current.fascicolo_id);
  let origin = input.tipoOrigine;
  if (input.fascicoloId !== undefined) dossierId = input.fascicoloId;
  if (dossierId !== null) {
    const dossier = await findDossier(deps.db, archiveId, dossierId);
    if (
      !dossier ||
      Number(dossier.riferimento_tipo) !== Number(current.riferimento_tipo) ||
      Number(dossier.riferimento_id) !== Number(current.riferimento_id)
    ) {
      throw dossierNotFound();
    }
    origin = Number(dossier.tipo_origine);
  }
  const safeName = safeBaseName(input.nomeFile);
  const changes = {
    nome_file: keepExtension(safeName, current.nome_file),
    tipo_origine: origin,
    fascicolo_id: dossierId,
    codice: input.codice === undefined ? current.codice : input.codice || null,
    anno: input.anno === undefined ? current.anno : input.anno,
  };
  const previousDossier = current.fascicolo_id === null ? null : Number(current.fascicolo_id);
  await deps.db.transaction().execute(async (trx) => {
    await updateAttachment(trx, archiveId, id, input.objVersion, changes);
    await recordChange(trx, archiveId, 'allegato', id, current, changes);
    if (previousDossier !== dossierId) {
      if (previousDossier !== null) await addToDossierFiles(trx, archiveId, previousDossier, -1);
      if (dossierId !== null) await addToDossierFiles(trx, archiveId, dossierId, 1);
    }
  });
  return toAllegato({ ...current, ...changes, obj_version: input.objVersion + 1 });
}

/** A rename keeps the extension of the content (the type was read from it). */
function keepExtension(name: string, current: string): string {
  const ext = current.includes('.') ? current.slice(current.lastIndexOf('.')).toLowerCase() : '';
  if (!ext || name.toLowerCase().endsWith(ext)) return name;
  return `${name.slice(0, 200 - ext.length)}${ext}`;
}

export async function deleteAttachmentAndFile(
  deps: AttachmentDeps,
  archiveId: number,
  id: number,
  objVersion: number,
  nomeFile?: string,
): Promise<{ id: number }> {
  const current = await getRow(deps, archiveId, id);
  if (nomeFile !== undefined && nomeFile !== current.nome_file) throw notFound();
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteAttachment(trx, archiveId, id, objVersion))) throw staleVersion();
    await recordChange(trx, archiveId, 'allegato', id, current, null);
    if (current.fascicolo_id !== null)
      await addToDossierFiles(trx, archiveId, Number(current.fascicolo_id), -1);
  });
  await removeFile(deps, archiveId, current.storage_key);
  return { id };
}

/** The row of a file asked by name (and, when given, download key, code and year). */
export async function fileRow(
  deps: AttachmentDeps,
  archiveId: number,
  id: number,
  query: {
    nomeFile: string;
    ChiaveDownload?: string | undefined;
    Codice?: string | undefined;
    Anno?: number | undefined;
  },
): Promise<AttachmentRow> {
  const row = await getRow(deps, archiveId, id);
  if (
    row.nome_file !== query.nomeFile ||
    (query.ChiaveDownload !== undefined && query.ChiaveDownload !== row.chiave_download) ||
    (query.Codice !== undefined && query.Codice !== (row.codice ?? '')) ||
    (query.Anno !== undefined && query.Anno !== (row.anno === null ? undefined : Number(row.anno)))
  ) {
    throw notFound();
  }
  return row;
}

export async function linkOf(
  deps: AttachmentDeps,
  archiveId: number,
  id: number,
  query: { nomeFile: string; download: boolean },
): Promise<AllegatoLink> {
  const row = await fileRow(deps, archiveId, id, { nomeFile: query.nomeFile });
  const expires = Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS;
  const token = signLink(deps.linkSecret, {
    archiveId,
    attachmentId: Number(row.id),
    chiave: row.chiave_download,
    download: query.download,
    expires,
  });
  const params = new URLSearchParams({ nomeFile: row.nome_file, token });
  return {
    link: `/api/allegati/download?${params.toString()}`,
    scadenza: new Date(expires * 1000).toISOString(),
  };
}

/** The row a verified link points to; gone (or replaced since) is 122. */
export async function rowOfLink(deps: AttachmentDeps, claims: LinkClaims): Promise<AttachmentRow> {
  const row = await findAttachment(deps.db, claims.archiveId, claims.attachmentId);
  if (!row || row.chiave_download !== claims.chiave) throw notFound();
  return row;
}

// --- Dossiers ----------------------------------------------------------------------------------

export async function listDossierPage(
  deps: AttachmentDeps,
  archiveId: number,
  query: { ref: Reference; origin: number; pageNumber: number; pageSize: number },
): Promise<PageResult<Fascicolo>> {
  const rows = await listDossiers(deps.db, archiveId, query.ref, query.origin, {
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  const total =
    query.pageNumber === 1 && rows.length < query.pageSize
      ? rows.length
      : await countDossiers(deps.db, archiveId, query.ref, query.origin);
  if (total === 0) await checkReference(deps, archiveId, query.ref);
  const files = await filesOfDossiers(
    deps.db,
    archiveId,
    rows.map((r) => Number(r.id)),
  );
  const byDossier = new Map<number, AttachmentRow[]>();
  for (const file of files) {
    const key = Number(file.fascicolo_id);
    const list = byDossier.get(key) ?? [];
    if (list.length < DOSSIER_FILES_SHOWN) list.push(file);
    byDossier.set(key, list);
  }
  return {
    items: rows.map((row) => toFascicolo(row, byDossier.get(Number(row.id)) ?? [])),
    totalCount: total,
  };
}

/** The record whose history shows its dossiers: the one they belong to (a unit's, its condominium). */
async function dossierOwner(
  db: Kysely<Database>,
  archiveId: number,
  ref: Reference,
): Promise<{ kind: HistoryKind; id: number } | null> {
  switch (ref.tipo) {
    case AttachmentReferenceType.Person:
      return { kind: 'contatto', id: ref.id };
    case AttachmentReferenceType.Provider:
      return { kind: 'fornitore', id: ref.id };
    case AttachmentReferenceType.Condominium:
      return { kind: 'condominio', id: ref.id };
    case AttachmentReferenceType.Activity:
      return { kind: 'attivita', id: ref.id };
    case AttachmentReferenceType.CommonPart:
      return { kind: 'parteComune', id: ref.id };
    case AttachmentReferenceType.Unit:
    case AttachmentReferenceType.CondominiumRegistry: {
      const row = await db
        .selectFrom(ref.tipo === AttachmentReferenceType.Unit ? 'units' : 'registries')
        .select('condominio_id')
        .where('archive_id', '=', archiveId)
        .where('id', '=', ref.id)
        .executeTakeFirst();
      return row ? { kind: 'condominio', id: Number(row.condominio_id) } : null;
    }
    default:
      return null;
  }
}

/**
 * A new dossier, in the history of the record it belongs to ("Fascicolo: descrizione"), where the
 * user sees its dossiers; the files put in it are in their own histories.
 */
async function recordDossier(
  trx: Kysely<Database>,
  archiveId: number,
  ref: Reference,
  row: { numero: number; descrizione: string | null; tipo_origine: number; data_creazione: string },
): Promise<void> {
  const owner = await dossierOwner(trx, archiveId, ref);
  if (!owner) return;
  const { numero, descrizione, tipo_origine, data_creazione } = row;
  await recordPartChange(
    trx,
    archiveId,
    owner.kind,
    owner.id,
    'fascicolo',
    (r) => `n. ${r.numero}${r.descrizione ? ` ${r.descrizione}` : ''}`,
    null,
    { numero, descrizione, tipo_origine, data_creazione },
  );
}

export async function createDossier(
  deps: AttachmentDeps,
  archiveId: number,
  input: { ref: Reference; origin: number; descrizione: string | null },
): Promise<Fascicolo> {
  await checkReference(deps, archiveId, input.ref);
  const row = await deps.db.transaction().execute(async (trx) => {
    const values = {
      archive_id: archiveId,
      id: await nextId(trx, archiveId, 'dossiers'),
      numero: await nextId(trx, archiveId, 'dossier_numero'),
      riferimento_tipo: input.ref.tipo,
      riferimento_id: input.ref.id,
      tipo_origine: input.origin,
      tipo: 0,
      descrizione: input.descrizione || null,
      data_creazione: isoDateToday(),
      numero_file: 0,
      obj_version: 1,
    };
    await insertDossier(trx, values);
    await recordDossier(trx, archiveId, input.ref, values);
    return values;
  });
  return toFascicolo(row, []);
}
