import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { Area } from '../common/enums.ts';
import { ErrorCode } from '../common/errors.ts';
import { zString } from '../common/primitives.ts';
import {
  assignmentMessageSchema,
  assignmentMessagesParamsSchema,
  assignmentParamsSchema,
  assignmentReasonSchema,
  assignmentReproposeSchema,
  assignmentSchema,
  assignmentSendSchema,
  integrationKeySchema,
  interventionMessagesStatusSchema,
} from './activity.schemas.ts';

const tags = ['interventi fornitori'] as const;
const area = Area.Activities;
/** Integration messages carry a file: the attachments area too. */
const withAttachments = [Area.Activities, Area.Attachments] as const;
/** A missing assignment or intervention, a move the assignment's state does not allow. */
const move = [ErrorCode.NotFound, ErrorCode.Business] as const;

/** Supplier assignments (spec section 7): `{a}/{b}` of the spec are the activity id and the intervention id. */
export const AssignmentApi = {
  send: endpoint({
    operationId: 'inviaInterventoFornitore',
    method: 'POST',
    path: '/api/interventoFornitore',
    summary:
      'Invia al fornitore la richiesta per un intervento (stato 0→1): email con un link personale, valido 30 giorni, alla pagina dove il fornitore risponde senza account',
    tags,
    area,
    body: assignmentSendSchema,
    response: assignmentSchema,
    status: 201,
    errors: move,
  }),
  status: endpoint({
    operationId: 'statoMessaggiInterventi',
    method: 'GET',
    path: '/api/interventoFornitore/stato',
    summary:
      "interventionMessagesStatus: data dell'ultima risposta dei fornitori e quante risposte l'utente non ha ancora visto",
    tags,
    area,
    response: interventionMessagesStatusSchema,
  }),
  markRead: endpoint({
    operationId: 'segnaMessaggiInterventiVisti',
    method: 'PUT',
    path: '/api/interventoFornitore/stato',
    summary: 'Segna come viste le risposte dei fornitori arrivate finora',
    tags,
    area,
    response: interventionMessagesStatusSchema,
  }),
  cancel: endpoint({
    operationId: 'annullaInterventoFornitore',
    method: 'PUT',
    path: '/api/interventoFornitore/:attivitaId/:interventoId/annulla',
    summary: "Annulla l'incarico (stati 0, 1, 2 → 4) con la motivazione; il fornitore riceve un'email",
    tags,
    area,
    params: assignmentParamsSchema,
    body: assignmentReasonSchema,
    response: assignmentSchema,
    errors: move,
  }),
  remind: endpoint({
    operationId: 'sollecitaInterventoFornitore',
    method: 'PUT',
    path: '/api/interventoFornitore/:attivitaId/:interventoId/sollecita',
    summary: 'Sollecita il fornitore (stati 1, 2) con la motivazione: nuova email con il link',
    tags,
    area,
    params: assignmentParamsSchema,
    body: assignmentReasonSchema,
    response: assignmentSchema,
    errors: move,
  }),
  repropose: endpoint({
    operationId: 'riproponiInterventoFornitore',
    method: 'PUT',
    path: '/api/interventoFornitore/:attivitaId/:interventoId/riproponi',
    summary:
      'Ripropone la richiesta (da rifiutato, annullato o concluso → 1): nuovo link, i precedenti non valgono più',
    tags,
    area,
    params: assignmentParamsSchema,
    body: assignmentReproposeSchema,
    response: assignmentSchema,
    errors: move,
  }),
  integrationFile: endpoint({
    operationId: 'integrazioneFileInterventoFornitore',
    method: 'POST',
    path: '/api/interventoFornitore/:attivitaId/:interventoId/integrazioneFileForm',
    summary:
      'Messaggio di integrazione con un file (multipart: campi "messaggio" e "file"); PDF, immagini o documenti',
    tags,
    area: withAttachments,
    params: assignmentParamsSchema,
    body: z.object({ messaggio: zString(), file: z.unknown() }),
    multipart: true,
    response: assignmentSchema,
    errors: [...move, ErrorCode.WrongParams, ErrorCode.PayloadTooLarge],
  }),
  integrationKey: endpoint({
    operationId: 'integrazioneChiaveInterventoFornitore',
    method: 'POST',
    path: '/api/interventoFornitore/:attivitaId/:interventoId/integrazioneChiaveFile',
    summary: 'Messaggio di integrazione con un file già presente negli allegati (chiave di download)',
    tags,
    area: withAttachments,
    params: assignmentParamsSchema,
    body: integrationKeySchema,
    response: assignmentSchema,
    errors: move,
  }),
  messages: endpoint({
    operationId: 'messaggiInterventoFornitore',
    method: 'GET',
    path: '/api/interventoFornitore/:interventoId/messaggi',
    summary: "Messaggi dell'incarico (id = id dell'intervento), dal più vecchio",
    tags,
    area,
    params: assignmentMessagesParamsSchema,
    response: z.array(assignmentMessageSchema),
  }),
};
