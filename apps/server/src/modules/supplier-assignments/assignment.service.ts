import {
  ActivityMessage,
  type Assignment,
  type AssignmentAction,
  AssignmentMessageText,
  AssignmentState,
  assignmentActionLabels,
  assignmentNextState,
  assignmentStateLabels,
  EventType,
  type InterventionMessagesStatus,
  isClosedState,
  type Priority,
  priorityLabels,
} from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { keyOf, updateVersioned } from '../../db/versioned.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import type { Mailer, MailMessage } from '../../shared/mailer.ts';
import { toAssignment } from '../activities/activity.mapper.ts';
import { type Actor, actorName, settingsOwner, userKeyOf } from '../activities/activity.service.ts';
import type { SupplierAssignmentRow } from '../activities/activity.table.ts';
import { addEvent, italianDate } from '../activities/activity-events.ts';
import { upsertSettingsRow } from '../activities/activity-settings.repository.ts';
import { cleanFileName, readStored, removeStored, storedSize, storeUpload } from './assignment-files.ts';
import { createSupplierLink, revokeLinks, supplierPageUrl } from './supplier-link.ts';

export interface AssignmentDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'linkSecret' | 'dataDir' | 's3Url'>;
}

export type MessageAuthor = 'amministratore' | 'fornitore' | 'sistema';

export interface NewMessage {
  autore: MessageAuthor;
  azione: AssignmentAction;
  testo: string;
  allegato?: { nome: string; chiave: string; dimensione: number } | undefined;
}

export async function addMessage(
  trx: Kysely<Database>,
  row: Pick<SupplierAssignmentRow, 'archive_id' | 'id' | 'attivita_id'>,
  message: NewMessage,
  now: string,
): Promise<number> {
  const id = await nextId(trx, row.archive_id, 'supplier_assignment_messages');
  await trx
    .insertInto('supplier_assignment_messages')
    .values({
      archive_id: row.archive_id,
      id,
      intervento_id: row.id,
      attivita_id: row.attivita_id,
      autore: message.autore,
      azione: message.azione,
      testo: message.testo,
      data: now,
      allegato_nome: message.allegato?.nome ?? null,
      allegato_chiave: message.allegato?.chiave ?? null,
      allegato_dimensione: message.allegato?.dimensione ?? null,
    })
    .execute();
  return id;
}

/**
 * Moves the assignment along the contract's transition table, or refuses with 115 and the
 * Italian reason. Returns the row as it was.
 */
export async function moveAssignment(
  trx: Kysely<Database>,
  archiveId: number,
  interventoId: number,
  action: AssignmentAction,
  values: Partial<SupplierAssignmentRow>,
  now: string,
): Promise<SupplierAssignmentRow> {
  const row = await trx
    .selectFrom('supplier_assignments')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', interventoId)
    .executeTakeFirst();
  if (!row) throw notFound(AssignmentMessageText.NotFound);
  const next = assignmentNextState(action, row.stato);
  if (next === undefined) {
    throw new AppError(
      115,
      AssignmentMessageText.ImpossibleTransition(
        assignmentActionLabels[action],
        assignmentStateLabels[row.stato as AssignmentState] ?? String(row.stato),
      ),
    );
  }
  await updateVersioned(trx, 'supplier_assignments', keyOf(row), {
    ...values,
    stato: next,
    ultimo_aggiornamento: now,
  });
  return row;
}

interface RequestContext {
  studio: string;
  fornitore: string;
  numeroPratica: number;
  titolo: string;
  descrizione: string;
  condominio: string;
  indirizzo: string | null;
  priorita: number;
  dataConcludereEntro: string | null;
  interventoDescrizione: string;
  dataPrevista: string | null;
}

export async function requestContext(
  db: Kysely<Database>,
  archiveId: number,
  interventoId: number,
): Promise<RequestContext> {
  const row = await db
    .selectFrom('interventions as i')
    .innerJoin('activities as a', (j) =>
      j.onRef('a.archive_id', '=', 'i.archive_id').onRef('a.id', '=', 'i.attivita_id'),
    )
    .innerJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'a.archive_id').onRef('c.id', '=', 'a.cond_gen_id'),
    )
    .innerJoin('providers as f', (j) =>
      j.onRef('f.archive_id', '=', 'i.archive_id').onRef('f.id', '=', 'i.fornitore_id'),
    )
    .innerJoin('archives as ar', 'ar.id', 'i.archive_id')
    .select([
      'ar.name as studio',
      'f.descr as fornitore',
      'a.numero_pratica',
      'a.titolo',
      'a.descrizione',
      'a.priorita',
      'a.data_concludere_entro',
      'c.intestazione',
      'c.indirizzo',
      'c.citta',
      'i.descrizione as intervento_descrizione',
      'i.data_prevista',
    ])
    .where('i.archive_id', '=', archiveId)
    .where('i.id', '=', interventoId)
    .executeTakeFirstOrThrow();
  return {
    studio: row.studio,
    fornitore: row.fornitore,
    numeroPratica: Number(row.numero_pratica),
    titolo: row.titolo,
    descrizione: row.descrizione,
    condominio: row.intestazione,
    indirizzo: [row.indirizzo, row.citta].filter(Boolean).join(', ') || null,
    priorita: row.priorita,
    dataConcludereEntro: row.data_concludere_entro,
    interventoDescrizione: row.intervento_descrizione,
    dataPrevista: row.data_prevista,
  };
}

const SUBJECTS: Partial<Record<AssignmentAction, string>> = {
  invia: 'Richiesta di intervento',
  riproponi: 'Richiesta di intervento (riproposta)',
  sollecita: 'Sollecito per la richiesta di intervento',
  annulla: 'Richiesta di intervento annullata',
  integrazione: 'Integrazione alla richiesta di intervento',
};

/** "lo studio Bianchi", but "lo Studio Rossi Amministrazioni" when the name already says it. */
function theStudio(name: string): string {
  return /^studio\b/i.test(name.trim()) ? `lo ${name.trim()}` : `lo studio ${name}`;
}

function providerEmail(
  action: AssignmentAction,
  ctx: RequestContext,
  to: string,
  text: string,
  link: string | null,
  attachments?: MailMessage['attachments'],
): MailMessage {
  const lines = [
    `Gentile ${ctx.fornitore},`,
    '',
    action === 'annulla'
      ? `${theStudio(ctx.studio)} ha annullato la richiesta di intervento per la pratica n. ${ctx.numeroPratica}.`
      : `${theStudio(ctx.studio)} le chiede un intervento per la pratica n. ${ctx.numeroPratica}.`,
    '',
    `Condominio: ${ctx.condominio}${ctx.indirizzo ? ` (${ctx.indirizzo})` : ''}`,
    `Oggetto: ${ctx.titolo}`,
    `Priorità: ${priorityLabels[ctx.priorita as Priority] ?? ctx.priorita}`,
    `Data prevista: ${italianDate(ctx.dataPrevista)}`,
    ctx.dataConcludereEntro ? `Da concludere entro: ${italianDate(ctx.dataConcludereEntro)}` : '',
    '',
    ctx.descrizione,
    ctx.interventoDescrizione ? `\nIntervento richiesto: ${ctx.interventoDescrizione}` : '',
    text ? `\nMessaggio dello studio: ${text}` : '',
    '',
    link
      ? `Per accettare, rifiutare, proporre un'altra data o scrivere allo studio apra questo link (non serve un account):\n${link}`
      : '',
    '',
    `Cordiali saluti,\n${ctx.studio}`,
  ];
  return {
    to,
    subject: `${SUBJECTS[action] ?? 'Richiesta di intervento'} - Pratica n. ${ctx.numeroPratica} - ${ctx.condominio}`,
    text: lines.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n'),
    ...(attachments ? { attachments } : {}),
  };
}

async function sendOrExplain(deps: AssignmentDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch {
    throw new AppError(
      109,
      "L'operazione è registrata, ma l'email al fornitore non è partita: riprova con Sollecita tra qualche istante.",
    );
  }
}

export async function loadAssignment(
  db: Kysely<Database>,
  archiveId: number,
  interventoId: number,
): Promise<Assignment> {
  const row = await db
    .selectFrom('supplier_assignments')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', interventoId)
    .executeTakeFirst();
  if (!row) throw notFound(AssignmentMessageText.NotFound);
  const [messages, link] = await Promise.all([
    db
      .selectFrom('supplier_assignment_messages')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where('intervento_id', '=', interventoId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('supplier_links')
      .select('expires_at')
      .where('archive_id', '=', archiveId)
      .where('intervento_id', '=', interventoId)
      .where('revoked_at', 'is', null)
      .orderBy('expires_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return toAssignment(row, messages, link?.expires_at ?? null);
}

/** POST /api/interventoFornitore: the request to the provider of a new intervention, by email. */
export async function sendAssignment(
  deps: AssignmentDeps,
  actor: Actor,
  input: { interventoID: number; email?: string | undefined; messaggio: string },
): Promise<Assignment> {
  const { db } = deps;
  const archiveId = actor.archiveId;
  const operatore = await actorName(db, actor);
  const now = new Date();
  const nowIso = now.toISOString();
  const result = await db.transaction().execute(async (trx) => {
    const intervention = await trx
      .selectFrom('interventions as i')
      .innerJoin('activities as a', (j) =>
        j.onRef('a.archive_id', '=', 'i.archive_id').onRef('a.id', '=', 'i.attivita_id'),
      )
      .innerJoin('providers as f', (j) =>
        j.onRef('f.archive_id', '=', 'i.archive_id').onRef('f.id', '=', 'i.fornitore_id'),
      )
      .select([
        'i.id',
        'i.attivita_id',
        'i.fornitore_id',
        'i.data_esecuzione',
        'a.stato',
        'f.descr',
        'f.email',
        'f.pec',
      ])
      .where('i.archive_id', '=', archiveId)
      .where('i.id', '=', input.interventoID)
      .executeTakeFirst();
    if (!intervention) throw notFound(ActivityMessage.InterventionNotFound);
    if (isClosedState(intervention.stato)) throw new AppError(115, ActivityMessage.ClosedActivity);
    if (intervention.data_esecuzione) throw new AppError(115, ActivityMessage.InterventionDone);
    const email = input.email ?? intervention.email ?? intervention.pec;
    if (!email) throw new AppError(115, AssignmentMessageText.NoEmail);
    const existing = await trx
      .selectFrom('supplier_assignments')
      .select('stato')
      .where('archive_id', '=', archiveId)
      .where('id', '=', input.interventoID)
      .executeTakeFirst();
    if (existing && existing.stato !== AssignmentState.ToAssign) {
      throw new AppError(115, AssignmentMessageText.AlreadySent);
    }
    const key = {
      archive_id: archiveId,
      id: Number(intervention.id),
      attivita_id: Number(intervention.attivita_id),
    };
    if (!existing) {
      await trx
        .insertInto('supplier_assignments')
        .values({
          ...key,
          fornitore_id: Number(intervention.fornitore_id),
          stato: AssignmentState.ToAssign,
          motivazione: null,
          email,
          data_invio: null,
          data_risposta: null,
          ultimo_aggiornamento: nowIso,
          obj_version: 1,
        })
        .execute();
    }
    await moveAssignment(trx, archiveId, key.id, 'invia', { email, data_invio: nowIso }, nowIso);
    const link = await createSupplierLink(trx, deps.config.linkSecret, archiveId, key.id, now);
    await addMessage(
      trx,
      key,
      {
        autore: 'amministratore',
        azione: 'invia',
        testo: input.messaggio || 'Richiesta di intervento inviata.',
      },
      nowIso,
    );
    await addEvent(
      trx,
      archiveId,
      key.attivita_id,
      {
        tipo: EventType.Provider,
        testo: `Richiesta di intervento inviata a ${intervention.descr} (${email})`,
        operatore,
      },
      nowIso,
    );
    return { key, email, token: link.token };
  });
  const ctx = await requestContext(db, archiveId, result.key.id);
  await sendOrExplain(
    deps,
    providerEmail(
      'invia',
      ctx,
      result.email,
      input.messaggio,
      supplierPageUrl(deps.config.publicUrl, result.token),
    ),
  );
  return loadAssignment(db, archiveId, result.key.id);
}

async function checkPath(db: Kysely<Database>, archiveId: number, attivitaId: number, interventoId: number) {
  const row = await db
    .selectFrom('supplier_assignments')
    .select(['id', 'attivita_id', 'fornitore_id', 'email'])
    .where('archive_id', '=', archiveId)
    .where('id', '=', interventoId)
    .where('attivita_id', '=', attivitaId)
    .executeTakeFirst();
  if (!row) throw notFound(AssignmentMessageText.NotFound);
  return row;
}

const adminEventText: Record<
  'annulla' | 'sollecita' | 'riproponi' | 'integrazione',
  (who: string, why: string) => string
> = {
  annulla: (who, why) => `Incarico a ${who} annullato: ${why}`,
  sollecita: (who, why) => `Sollecito inviato a ${who}: ${why}`,
  riproponi: (who, why) => `Richiesta riproposta a ${who}${why ? `: ${why}` : ''}`,
  integrazione: (who, why) => `Messaggio di integrazione inviato a ${who}: ${why}`,
};

/** Cancel, remind, re-propose or integrate: an administrator's action on a sent assignment. */
export async function adminAction(
  deps: AssignmentDeps,
  actor: Actor,
  path: { attivitaId: number; interventoId: number },
  action: 'annulla' | 'sollecita' | 'riproponi' | 'integrazione',
  input: {
    testo: string;
    file?: { name: string; content: Buffer } | undefined;
    chiave?: { key: string; name: string };
  },
): Promise<Assignment> {
  const { db } = deps;
  const archiveId = actor.archiveId;
  const current = await checkPath(db, archiveId, path.attivitaId, path.interventoId);
  const operatore = await actorName(db, actor);
  let allegato: NewMessage['allegato'];
  let uploadedKey: string | null = null;
  if (input.file) {
    const stored = await storeUpload(deps.config, archiveId, input.file.name, input.file.content);
    allegato = { nome: stored.name, chiave: stored.key, dimensione: stored.size };
    uploadedKey = stored.key;
  } else if (input.chiave) {
    const size = await storedSize(deps.config, archiveId, input.chiave.key);
    if (size === null) {
      throw new AppError(113, `${AssignmentMessageText.FileKeyInvalid} (chiaveDownload)`, {
        details: [{ path: 'chiaveDownload', message: AssignmentMessageText.FileKeyInvalid }],
      });
    }
    allegato = { nome: cleanFileName(input.chiave.name), chiave: input.chiave.key, dimensione: size };
  }
  const now = new Date();
  const nowIso = now.toISOString();
  // The file becomes visible with its message row: a refused request leaves nothing on disk.
  const refused = async (error: unknown): Promise<never> => {
    if (uploadedKey) await removeStored(deps.config, archiveId, uploadedKey);
    throw error;
  };
  const token = await db
    .transaction()
    .execute(async (trx) => {
      const values: Partial<SupplierAssignmentRow> = {};
      if (action === 'annulla' || action === 'sollecita') values.motivazione = input.testo;
      if (action === 'riproponi')
        Object.assign(values, { data_invio: nowIso, data_risposta: null, motivazione: null });
      const row = await moveAssignment(trx, archiveId, path.interventoId, action, values, nowIso);
      let newToken: string | null = null;
      if (action === 'riproponi') await revokeLinks(trx, archiveId, row.id, now);
      if (action !== 'annulla')
        newToken = (await createSupplierLink(trx, deps.config.linkSecret, archiveId, row.id, now)).token;
      await addMessage(
        trx,
        row,
        {
          autore: 'amministratore',
          azione: action,
          testo: input.testo || assignmentActionLabels[action],
          allegato,
        },
        nowIso,
      );
      const provider = await trx
        .selectFrom('providers')
        .select('descr')
        .where('archive_id', '=', archiveId)
        .where('id', '=', row.fornitore_id)
        .executeTakeFirst();
      await addEvent(
        trx,
        archiveId,
        Number(row.attivita_id),
        {
          tipo: EventType.Provider,
          testo:
            adminEventText[action](provider?.descr ?? 'fornitore', input.testo) +
            (allegato ? ` (allegato: ${allegato.nome})` : ''),
          operatore,
        },
        nowIso,
      );
      return newToken;
    })
    .catch(refused);
  const ctx = await requestContext(db, archiveId, path.interventoId);
  const attachments = allegato
    ? [
        {
          filename: allegato.nome,
          content: await readStored(deps.config, archiveId, allegato.chiave),
        },
      ]
    : undefined;
  await sendOrExplain(
    deps,
    providerEmail(
      action,
      ctx,
      current.email,
      input.testo,
      token ? supplierPageUrl(deps.config.publicUrl, token) : null,
      attachments,
    ),
  );
  return loadAssignment(db, archiveId, path.interventoId);
}

export async function listMessages(db: Kysely<Database>, archiveId: number, interventoId: number) {
  return (await loadAssignment(db, archiveId, interventoId)).messaggi;
}

// ---------------------------------------------------------------------------- interventionMessagesStatus

const LOST_CAP = 99;

export async function messagesStatus(
  db: Kysely<Database>,
  actor: Actor,
): Promise<InterventionMessagesStatus> {
  const archiveId = actor.archiveId;
  const [latest, settings] = await Promise.all([
    db
      .selectFrom('supplier_assignment_messages')
      .select((eb) => eb.fn.max('data').as('data'))
      .where('archive_id', '=', archiveId)
      .where('autore', '=', 'fornitore')
      .executeTakeFirst(),
    db
      .selectFrom('activity_settings')
      .select('risposte_lette')
      .where('archive_id', '=', archiveId)
      .where('user_key', '=', userKeyOf(actor))
      .executeTakeFirst(),
  ]);
  let lost = db
    .selectFrom('supplier_assignment_messages')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('autore', '=', 'fornitore');
  if (settings?.risposte_lette) lost = lost.where('data', '>', settings.risposte_lette);
  const counted = await db
    .selectFrom(lost.limit(LOST_CAP).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    dataUltimoAggiornamentoInterventi: latest?.data ?? null,
    interventiPersi: Number(counted.n),
  };
}

export async function markMessagesRead(
  db: Kysely<Database>,
  actor: Actor,
): Promise<InterventionMessagesStatus> {
  const now = new Date().toISOString();
  await upsertSettingsRow(db, settingsOwner(actor), { risposte_lette: now });
  return messagesStatus(db, actor);
}
