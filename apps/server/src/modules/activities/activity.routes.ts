import { ActivityApi as Api } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { sendPagedJson } from '../../shared/envelope.ts';
import { route } from '../../shared/route.ts';
import {
  actorName,
  addNote,
  changeDescription,
  changeManager,
  changeState,
  createActivity,
  createType,
  deleteActivity,
  deleteNote,
  getActivity,
  getApplicant,
  getSettings,
  listForActor,
  listTypes,
  markOpened,
  saveSettings,
  searchApplicants,
  updateActivity,
  updateNote,
} from './activity.service.ts';
import { actorOfScope } from './actor.ts';
import {
  createIntervention,
  deleteIntervention,
  markDone,
  postpone,
  updateIntervention,
} from './intervention.service.ts';

export async function activityRoutes(app: AppInstance) {
  // The page's items are JSON texts written by the database (decision 0007): sent as they are.
  route(app, Api.list, async ({ scope, query, reply }) => {
    const page = await listForActor(app.db, app.dialect, actorOfScope(scope), query);
    return sendPagedJson(reply, page.items, query, page.total, page.capped);
  });
  route(app, Api.create, ({ scope, body }) => createActivity(app.db, actorOfScope(scope), body));

  route(app, Api.types, ({ scope }) => listTypes(app.db, scope.archiveId));
  route(app, Api.createType, ({ scope, body }) => createType(app.db, scope.archiveId, body.descr));
  route(app, Api.applicants, ({ scope, query }) =>
    searchApplicants(app.db, app.dialect, scope.archiveId, query.searchQuery),
  );
  route(app, Api.applicant, ({ scope, params }) => getApplicant(app.db, scope.archiveId, params.id));
  route(app, Api.settings, ({ scope }) => getSettings(app.db, actorOfScope(scope)));
  route(app, Api.saveSettings, ({ scope, body }) => saveSettings(app.db, actorOfScope(scope), body));

  route(app, Api.get, ({ scope, params }) => getActivity(app.db, scope.archiveId, params.id));
  route(app, Api.update, ({ scope, params, body }) =>
    updateActivity(app.db, actorOfScope(scope), params.id, body),
  );
  route(app, Api.remove, async ({ scope, params, query }) => {
    await deleteActivity(app.db, scope.archiveId, params.id, query.objVersion);
    return { id: params.id };
  });
  route(app, Api.open, ({ scope, params }) => markOpened(app.db, scope.archiveId, params.id));
  route(app, Api.state, ({ scope, params, body }) => changeState(app.db, scope.archiveId, params.id, body));
  route(app, Api.manager, ({ scope, params, body }) =>
    changeManager(app.db, scope.archiveId, params.id, body),
  );
  route(app, Api.description, ({ scope, params, body }) =>
    changeDescription(app.db, scope.archiveId, params.id, body),
  );
  route(app, Api.addNote, ({ scope, params, body }) => addNote(app.db, scope.archiveId, params.id, body));
  route(app, Api.updateNote, ({ scope, params, body }) =>
    updateNote(app.db, scope.archiveId, params.id, params.notaId, body),
  );
  route(app, Api.deleteNote, async ({ scope, params, query }) => {
    await deleteNote(app.db, scope.archiveId, params.id, params.notaId, query.objVersion);
    return { id: params.notaId };
  });

  // Interventions of a provider inside an activity.
  route(app, Api.createIntervention, ({ scope, params, body }) =>
    createIntervention(
      app.db,
      { archiveId: scope.archiveId, attivitaId: params.id, fornitoreId: params.fornitoreId },
      body,
    ),
  );
  route(app, Api.updateIntervention, ({ scope, params, body }) =>
    updateIntervention(
      app.db,
      { archiveId: scope.archiveId, attivitaId: params.id, fornitoreId: params.fornitoreId },
      params.interventoId,
      body,
    ),
  );
  route(app, Api.deleteIntervention, async ({ scope, params, query }) => {
    const actor = actorOfScope(scope);
    await deleteIntervention(
      app.db,
      { archiveId: actor.archiveId, attivitaId: params.id, fornitoreId: params.fornitoreId },
      params.interventoId,
      query.objVersion,
      await actorName(app.db, actor),
    );
    return { id: params.interventoId };
  });
  route(app, Api.interventionDone, ({ scope, params, body }) =>
    markDone(
      app.db,
      { archiveId: scope.archiveId, attivitaId: params.id, fornitoreId: params.fornitoreId },
      params.interventoId,
      body,
    ),
  );
  route(app, Api.interventionDate, async ({ scope, params, body }) => {
    const actor = actorOfScope(scope);
    const input = { ...body, operatore: body.operatore || (await actorName(app.db, actor)) };
    return postpone(
      app.db,
      { archiveId: actor.archiveId, attivitaId: params.id, fornitoreId: params.fornitoreId },
      params.interventoId,
      input,
    );
  });
}
