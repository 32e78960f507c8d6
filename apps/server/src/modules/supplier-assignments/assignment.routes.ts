import { AssignmentApi as Api, AssignmentMessageText, ValidationMessage } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { route } from '../../shared/route.ts';
import { actorOfScope } from '../activities/actor.ts';
import {
  type AssignmentDeps,
  adminAction,
  listMessages,
  markMessagesRead,
  messagesStatus,
  sendAssignment,
} from './assignment.service.ts';

const MESSAGE_MAX = 4000;

export async function assignmentRoutes(app: AppInstance) {
  const deps = (): AssignmentDeps => ({ db: app.db, mailer: app.mailer, config: app.config });

  route(app, Api.send, ({ scope, body }) => sendAssignment(deps(), actorOfScope(scope), body));
  route(app, Api.status, ({ scope }) => messagesStatus(app.db, actorOfScope(scope)));
  route(app, Api.markRead, ({ scope }) => markMessagesRead(app.db, actorOfScope(scope)));
  route(app, Api.cancel, ({ scope, params, body }) =>
    adminAction(deps(), actorOfScope(scope), params, 'annulla', { testo: body.motivazione }),
  );
  route(app, Api.remind, ({ scope, params, body }) =>
    adminAction(deps(), actorOfScope(scope), params, 'sollecita', { testo: body.motivazione }),
  );
  route(app, Api.repropose, ({ scope, params, body }) =>
    adminAction(deps(), actorOfScope(scope), params, 'riproponi', { testo: body.motivazione }),
  );

  route(app, Api.integrationFile, async ({ scope, params, request }) => {
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
    return adminAction(deps(), actorOfScope(scope), params, 'integrazione', { testo, file });
  });

  route(app, Api.integrationKey, ({ scope, params, body }) =>
    adminAction(deps(), actorOfScope(scope), params, 'integrazione', {
      testo: body.messaggio,
      chiave: { key: body.chiaveDownload, name: body.nomeFile },
    }),
  );

  route(app, Api.messages, ({ scope, params }) => listMessages(app.db, scope.archiveId, params.interventoId));
}
