import {
  Area,
  AssignmentMessageText,
  AssignmentPath,
  assignmentMessageSchema,
  assignmentMessagesParamsSchema,
  assignmentParamsSchema,
  assignmentReasonSchema,
  assignmentReproposeSchema,
  assignmentSchema,
  assignmentSendSchema,
  envelopeSchema,
  integrationKeySchema,
  interventionMessagesStatusSchema,
  ValidationMessage,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { ok } from '../../shared/envelope.ts';
import { actorOf } from '../activities/actor.ts';
import {
  type AssignmentDeps,
  adminAction,
  listMessages,
  markMessagesRead,
  messagesStatus,
  sendAssignment,
} from './assignment.service.ts';

const TAGS = ['interventi fornitori'];
const config = { area: Area.Activities };
/** Integration messages carry a file: the attachments area too. */
const withAttachments = { area: [Area.Activities, Area.Attachments] };
const MESSAGE_MAX = 4000;

export async function assignmentRoutes(app: AppInstance) {
  const deps = (): AssignmentDeps => ({ db: app.db, mailer: app.mailer, config: app.config });

  app.post(
    AssignmentPath.send,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Invia al fornitore la richiesta per un intervento (stato 0→1): email con un link personale, valido 30 giorni, alla pagina dove il fornitore risponde senza account',
        body: assignmentSendSchema,
        response: { 201: envelopeSchema(assignmentSchema) },
      },
    },
    async (request, reply) => {
      const assignment = await sendAssignment(deps(), actorOf(request), request.body);
      reply.code(201);
      return ok(reply, assignment);
    },
  );

  app.get(
    AssignmentPath.status,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "interventionMessagesStatus: data dell'ultima risposta dei fornitori e quante risposte l'utente non ha ancora visto",
        response: { 200: envelopeSchema(interventionMessagesStatusSchema) },
      },
    },
    async (request, reply) => ok(reply, await messagesStatus(app.db, actorOf(request))),
  );

  app.put(
    AssignmentPath.status,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Segna come viste le risposte dei fornitori arrivate finora',
        response: { 200: envelopeSchema(interventionMessagesStatusSchema) },
      },
    },
    async (request, reply) => ok(reply, await markMessagesRead(app.db, actorOf(request))),
  );

  app.put(
    AssignmentPath.cancel,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Annulla l'incarico (stati 0, 1, 2 → 4) con la motivazione; il fornitore riceve un'email",
        params: assignmentParamsSchema,
        body: assignmentReasonSchema,
        response: { 200: envelopeSchema(assignmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await adminAction(deps(), actorOf(request), request.params, 'annulla', {
          testo: request.body.motivazione,
        }),
      ),
  );

  app.put(
    AssignmentPath.remind,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Sollecita il fornitore (stati 1, 2) con la motivazione: nuova email con il link',
        params: assignmentParamsSchema,
        body: assignmentReasonSchema,
        response: { 200: envelopeSchema(assignmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await adminAction(deps(), actorOf(request), request.params, 'sollecita', {
          testo: request.body.motivazione,
        }),
      ),
  );

  app.put(
    AssignmentPath.repropose,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Ripropone la richiesta (da rifiutato, annullato o concluso → 1): nuovo link, i precedenti non valgono più',
        params: assignmentParamsSchema,
        body: assignmentReproposeSchema,
        response: { 200: envelopeSchema(assignmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await adminAction(deps(), actorOf(request), request.params, 'riproponi', {
          testo: request.body.motivazione,
        }),
      ),
  );

  app.post(
    AssignmentPath.integrationFile,
    {
      config: withAttachments,
      schema: {
        tags: TAGS,
        summary:
          'Messaggio di integrazione con un file (multipart: campi "messaggio" e "file"); PDF, immagini o documenti',
        params: assignmentParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(assignmentSchema) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(110, 'Invia il messaggio come multipart/form-data.');
      let testo = '';
      let file: { name: string; content: Buffer } | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && !file)
            file = { name: part.filename, content: await part.toBuffer() };
          else await part.toBuffer();
        } else if (part.fieldname === 'messaggio' && typeof part.value === 'string') {
          testo = part.value.trim();
        }
      }
      const fieldError = (path: string, message: string) =>
        new AppError(113, `${message} (${path})`, { details: [{ path, message }] });
      if (!testo) throw fieldError('messaggio', ValidationMessage.Required);
      if (testo.length > MESSAGE_MAX)
        throw fieldError('messaggio', `Il messaggio non può superare i ${MESSAGE_MAX} caratteri`);
      if (!file) throw fieldError('file', AssignmentMessageText.FileMissing);
      return ok(
        reply,
        await adminAction(deps(), actorOf(request), request.params, 'integrazione', { testo, file }),
      );
    },
  );

  app.post(
    AssignmentPath.integrationKey,
    {
      config: withAttachments,
      schema: {
        tags: TAGS,
        summary: 'Messaggio di integrazione con un file già presente negli allegati (chiave di download)',
        params: assignmentParamsSchema,
        body: integrationKeySchema,
        response: { 200: envelopeSchema(assignmentSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await adminAction(deps(), actorOf(request), request.params, 'integrazione', {
          testo: request.body.messaggio,
          chiave: { key: request.body.chiaveDownload, name: request.body.nomeFile },
        }),
      ),
  );

  app.get(
    AssignmentPath.messages,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Messaggi dell'incarico (id = id dell'intervento), dal più vecchio",
        params: assignmentMessagesParamsSchema,
        response: { 200: envelopeSchema(z.array(assignmentMessageSchema)) },
      },
    },
    async (request, reply) =>
      ok(reply, await listMessages(app.db, actorOf(request).archiveId, request.params.interventoId)),
  );
}
