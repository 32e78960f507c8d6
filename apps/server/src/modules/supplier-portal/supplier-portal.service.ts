import {
  assignmentActionsFrom,
  checkDateNotInPast,
  EventAuthor,
  EventType,
  isoDateToday,
  type SupplierAction,
  type SupplierPage,
  supplierActions,
  ValidationMessage,
} from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import { toAssignmentMessage } from '../activities/activity.mapper.ts';
import { setActivityNotice } from '../activities/activity.repository.ts';
import { addEvent, italianDate } from '../activities/activity-events.ts';
import { updateInterventionRow } from '../activities/intervention-writes.ts';

import { recordChange } from '../history/history.service.ts';
import { addMessage, moveAssignment, requestContext } from '../supplier-assignments/assignment.service.ts';
import { type ResolvedLink, resolveSupplierLink } from '../supplier-assignments/supplier-link.ts';

/**
 * The provider's side, reached through the emailed link only: the page shows the request and
 * the actions the assignment's state allows; each answer moves the state, becomes a message and
 * an activity event, and raises the activity's notice for the administrator.
 */

export async function supplierPage(db: Kysely<Database>, link: ResolvedLink): Promise<SupplierPage> {
  const row = await db
    .selectFrom('supplier_assignments')
    .selectAll()
    .where('archive_id', '=', link.archiveId)
    .where('id', '=', link.interventoId)
    .executeTakeFirst();
  if (!row) throw notFound('Richiesta non trovata.');
  const [ctx, intervention, messages] = await Promise.all([
    requestContext(db, link.archiveId, link.interventoId),
    db
      .selectFrom('interventions')
      .select(['descrizione', 'data_prevista', 'data_esecuzione'])
      .where('archive_id', '=', link.archiveId)
      .where('id', '=', link.interventoId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('supplier_assignment_messages')
      .selectAll()
      .where('archive_id', '=', link.archiveId)
      .where('intervento_id', '=', link.interventoId)
      .orderBy('id')
      .execute(),
  ]);
  const allowed = assignmentActionsFrom(row.stato, 'fornitore') as SupplierAction[];
  return {
    studio: ctx.studio,
    fornitore: ctx.fornitore,
    stato: row.stato,
    azioni: supplierActions.filter((a) => allowed.includes(a)),
    scadenzaLink: link.expiresAt,
    attivita: {
      numeroPratica: ctx.numeroPratica,
      titolo: ctx.titolo,
      descrizione: ctx.descrizione,
      priorita: ctx.priorita,
      dataConcludereEntro: ctx.dataConcludereEntro,
      condominio: ctx.condominio,
      indirizzo: ctx.indirizzo,
    },
    intervento: {
      descrizione: intervention.descrizione,
      dataPrevista: intervention.data_prevista,
      dataEsecuzione: intervention.data_esecuzione,
    },
    messaggi: messages.map(toAssignmentMessage),
  };
}

export function resolveLink(db: Kysely<Database>, secret: string, token: string) {
  return resolveSupplierLink(db, secret, token);
}

function required(path: string): AppError {
  return new AppError(113, `${ValidationMessage.Required} (${path})`, {
    details: [{ path, message: ValidationMessage.Required }],
  });
}

const eventText: Record<SupplierAction, (who: string, input: ActionInput) => string> = {
  accetta: (who) => `${who} ha accettato l'incarico`,
  rifiuta: (who, i) => `${who} ha rifiutato l'incarico${i.motivazione ? `: ${i.motivazione}` : ''}`,
  rinvia: (who, i) =>
    `${who} ha rinviato l'intervento al ${italianDate(i.nuovaData ?? null)}: ${i.motivazione ?? ''}`,
  messaggio: (who, i) => `Messaggio da ${who}: ${i.testo ?? ''}`,
  chiudiSuccesso: (who, i) =>
    `${who} ha concluso l'intervento con successo${i.motivazione ? `: ${i.motivazione}` : ''}`,
  chiudiInsuccesso: (who, i) =>
    `${who} ha concluso l'intervento senza risolvere il problema${i.motivazione ? `: ${i.motivazione}` : ''}`,
};

export interface ActionInput {
  motivazione?: string | null | undefined;
  nuovaData?: string | null | undefined;
  testo?: string | null | undefined;
}

export async function supplierAct(
  db: Kysely<Database>,
  link: ResolvedLink,
  action: SupplierAction,
  input: ActionInput,
): Promise<SupplierPage> {
  if (action === 'rinvia') {
    if (!input.nuovaData) throw required('nuovaData');
    const dateError = checkDateNotInPast(input.nuovaData);
    if (dateError) {
      throw new AppError(113, `${dateError} (nuovaData)`, {
        details: [{ path: 'nuovaData', message: dateError }],
      });
    }
    if (!input.motivazione) throw required('motivazione');
  }
  if (action === 'messaggio' && !input.testo) throw required('testo');
  const { archiveId, interventoId } = link;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await moveAssignment(
      trx,
      archiveId,
      interventoId,
      action,
      action === 'messaggio'
        ? {}
        : { data_risposta: now, ...(input.motivazione ? { motivazione: input.motivazione } : {}) },
      now,
    );
    const provider = await trx
      .selectFrom('providers')
      .select('descr')
      .where('archive_id', '=', archiveId)
      .where('id', '=', row.fornitore_id)
      .executeTakeFirstOrThrow();
    const intervention = await trx
      .selectFrom('interventions')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where('id', '=', interventoId)
      .executeTakeFirstOrThrow();
    if (action === 'rinvia' && input.nuovaData) {
      const postponed = {
        data_prevista: input.nuovaData,
        rinviato: 1,
        motivazione_rinvio: input.motivazione ?? null,
      };
      await updateInterventionRow(trx, intervention, postponed, provider.descr);
    }
    if (action === 'chiudiSuccesso' && intervention.data_esecuzione === null) {
      await updateInterventionRow(trx, intervention, { data_esecuzione: isoDateToday() }, provider.descr);
    }
    const text = eventText[action](provider.descr, input);
    await recordChange(trx, archiveId, 'attivita', Number(row.attivita_id), {}, { risposta_fornitore: text });
    await addMessage(
      trx,
      row,
      {
        autore: 'fornitore',
        azione: action,
        testo:
          action === 'messaggio'
            ? (input.testo ?? '')
            : action === 'rinvia'
              ? `Nuova data: ${italianDate(input.nuovaData ?? null)}. ${input.motivazione ?? ''}`
              : (input.motivazione ?? input.testo ?? ''),
      },
      now,
    );
    await addEvent(
      trx,
      archiveId,
      Number(row.attivita_id),
      { tipo: EventType.Provider, autore: EventAuthor.System, testo: text, operatore: provider.descr },
      now,
    );
    // The administrator sees a notice on the activity until it is opened again.
    await setActivityNotice(trx, archiveId, Number(row.attivita_id), true);
  });
  return supplierPage(db, link);
}

export async function supplierFile(
  db: Kysely<Database>,
  link: ResolvedLink,
  messaggioId: number,
): Promise<{ name: string; key: string }> {
  const row = await db
    .selectFrom('supplier_assignment_messages')
    .select(['allegato_nome', 'allegato_chiave'])
    .where('archive_id', '=', link.archiveId)
    .where('id', '=', messaggioId)
    .where('intervento_id', '=', link.interventoId)
    .executeTakeFirst();
  if (!row?.allegato_chiave || !row.allegato_nome) throw notFound('Allegato non trovato.');
  return { name: row.allegato_nome, key: row.allegato_chiave };
}
