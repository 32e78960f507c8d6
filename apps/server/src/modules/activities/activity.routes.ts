import {
  ActivityPath,
  Area,
  activityCreateSchema,
  activityDetailSchema,
  activityEventSchema,
  activityIdParamsSchema,
  activityListItemSchema,
  activityListQuerySchema,
  activityManagerChangeSchema,
  activitySettingsSchema,
  activityStateChangeSchema,
  activityTypeCreateSchema,
  activityTypeSchema,
  activityUpdateSchema,
  applicantQuerySchema,
  applicantSchema,
  descriptionChangeSchema,
  envelopeSchema,
  interventionCreateParamsSchema,
  interventionCreateSchema,
  interventionDoneSchema,
  interventionParamsSchema,
  interventionPostponeSchema,
  interventionSchema,
  interventionUpdateSchema,
  noteCreateSchema,
  noteParamsSchema,
  noteUpdateSchema,
  objVersionQuerySchema,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok, sendPagedJson } from '../../shared/envelope.ts';
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
import { actorOf } from './actor.ts';
import {
  createIntervention,
  deleteIntervention,
  markDone,
  postpone,
  updateIntervention,
} from './intervention.service.ts';

const TAGS = ['attività'];
const config = { area: Area.Activities };
const deleted = envelopeSchema(z.object({ id: z.number().int() }));

export async function activityRoutes(app: AppInstance) {
  app.get(
    ActivityPath.list,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "Elenco delle attività: pagina, ricerca (almeno 3 caratteri), stato e filtri; le chiuse solo entro la finestra di visibilità dell'utente. Il totale dei filtri è contato fino a 1.000 (pagination.totalCapped).",
        querystring: activityListQuerySchema,
        response: { 200: envelopeSchema(z.array(activityListItemSchema)) },
      },
    },
    async (request, reply) => {
      const page = await listForActor(app.db, app.dialect, actorOf(request), request.query);
      return sendPagedJson(reply, page.items, request.query, page.total, page.capped);
    },
  );

  app.post(
    ActivityPath.list,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "Crea un'attività (richiedente -1, tipo 2 Problema, priorità 2 e apertura oggi se non indicati); nascosta=true la nasconde al portale condomini",
        body: activityCreateSchema,
        response: { 201: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) => {
      const detail = await createActivity(app.db, actorOf(request), request.body);
      reply.code(201);
      return ok(reply, detail);
    },
  );

  app.get(
    ActivityPath.types,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Tipi di segnalazione delle attività',
        response: { 200: envelopeSchema(z.array(activityTypeSchema)) },
      },
    },
    async (request, reply) => ok(reply, await listTypes(app.db, actorOf(request).archiveId)),
  );

  app.post(
    ActivityPath.types,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Aggiunge un tipo di segnalazione',
        body: activityTypeCreateSchema,
        response: { 201: envelopeSchema(activityTypeSchema) },
      },
    },
    async (request, reply) => {
      const type = await createType(app.db, actorOf(request).archiveId, request.body.descr);
      reply.code(201);
      return ok(reply, type);
    },
  );

  app.get(
    ActivityPath.applicants,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Cerca i richiedenti possibili (contatti) per nome, almeno 3 caratteri; senza ricerca i primi 20',
        querystring: applicantQuerySchema,
        response: { 200: envelopeSchema(z.array(applicantSchema)) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await searchApplicants(app.db, app.dialect, actorOf(request).archiveId, request.query.searchQuery),
      ),
  );

  app.get(
    ActivityPath.applicant,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Un richiedente (contatto) per id',
        params: activityIdParamsSchema,
        response: { 200: envelopeSchema(applicantSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await getApplicant(app.db, actorOf(request).archiveId, request.params.id)),
  );

  app.get(
    ActivityPath.settings,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Impostazioni dell'utente per le attività: per quanti giorni restano visibili le chiuse",
        response: { 200: envelopeSchema(activitySettingsSchema) },
      },
    },
    async (request, reply) => ok(reply, await getSettings(app.db, actorOf(request))),
  );

  app.put(
    ActivityPath.settings,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Salva la finestra di visibilità delle attività chiuse (7, 30, 90, 180, 365 giorni o 0 = sempre), in generale o per condominio',
        body: activitySettingsSchema,
        response: { 200: envelopeSchema(activitySettingsSchema) },
      },
    },
    async (request, reply) => ok(reply, await saveSettings(app.db, actorOf(request), request.body)),
  );

  app.get(
    ActivityPath.item,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "Un'attività con eventi, note, interventi, incarichi ai fornitori e messaggi (il dettaglio in una chiamata)",
        params: activityIdParamsSchema,
        response: { 200: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await getActivity(app.db, actorOf(request).archiveId, request.params.id)),
  );

  app.put(
    ActivityPath.item,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "Modifica un'attività (objVersion obbligatoria; una versione superata risponde 409, codice 115)",
        params: activityIdParamsSchema,
        body: activityUpdateSchema,
        response: { 200: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await updateActivity(app.db, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    ActivityPath.item,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Elimina un'attività con eventi, interventi e incarichi (objVersion nella query)",
        params: activityIdParamsSchema,
        querystring: objVersionQuerySchema,
        response: { 200: deleted },
      },
    },
    async (request, reply) => {
      await deleteActivity(app.db, actorOf(request).archiveId, request.params.id, request.query.objVersion);
      return ok(reply, { id: request.params.id });
    },
  );

  app.put(
    ActivityPath.open,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "Segna l'attività come aperta dall'utente: i suoi avvisi (risposte dei fornitori) risultano letti",
        params: activityIdParamsSchema,
        response: { 200: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await markOpened(app.db, actorOf(request).archiveId, request.params.id)),
  );

  app.put(
    ActivityPath.state,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Cambia lo stato: sospendi (1→2), chiudi (1 o 2→0), riapri (0 o 3→1), riprendi (2→1). Le altre transizioni rispondono 115.',
        params: activityIdParamsSchema,
        body: activityStateChangeSchema,
        response: { 200: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await changeState(app.db, actorOf(request).archiveId, request.params.id, request.body)),
  );

  app.put(
    ActivityPath.manager,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Cambia il gestore dell'attività",
        params: activityIdParamsSchema,
        body: activityManagerChangeSchema,
        response: { 200: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await changeManager(app.db, actorOf(request).archiveId, request.params.id, request.body)),
  );

  app.put(
    ActivityPath.description,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Cambia la descrizione dell'attività (diventa un evento)",
        params: activityIdParamsSchema,
        body: descriptionChangeSchema,
        response: { 200: envelopeSchema(activityDetailSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await changeDescription(app.db, actorOf(request).archiveId, request.params.id, request.body)),
  );

  app.post(
    ActivityPath.notes,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Aggiunge una nota all'attività",
        params: activityIdParamsSchema,
        body: noteCreateSchema,
        response: { 201: envelopeSchema(activityEventSchema) },
      },
    },
    async (request, reply) => {
      const note = await addNote(app.db, actorOf(request).archiveId, request.params.id, request.body);
      reply.code(201);
      return ok(reply, note);
    },
  );

  app.put(
    ActivityPath.note,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Modifica una nota (objVersion obbligatoria)',
        params: noteParamsSchema,
        body: noteUpdateSchema,
        response: { 200: envelopeSchema(activityEventSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await updateNote(
          app.db,
          actorOf(request).archiveId,
          request.params.id,
          request.params.notaId,
          request.body,
        ),
      ),
  );

  app.delete(
    ActivityPath.note,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Elimina una nota (objVersion nella query)',
        params: noteParamsSchema,
        querystring: objVersionQuerySchema,
        response: { 200: deleted },
      },
    },
    async (request, reply) => {
      const { id, notaId } = request.params;
      await deleteNote(app.db, actorOf(request).archiveId, id, notaId, request.query.objVersion);
      return ok(reply, { id: notaId });
    },
  );

  // Interventions of a provider inside an activity.
  app.post(
    ActivityPath.interventions,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          "Aggiunge un intervento del fornitore all'attività (poi POST /api/interventoFornitore per inviare la richiesta)",
        params: interventionCreateParamsSchema,
        body: interventionCreateSchema,
        response: { 201: envelopeSchema(interventionSchema) },
      },
    },
    async (request, reply) => {
      const { id, fornitoreId } = request.params;
      const created = await createIntervention(
        app.db,
        { archiveId: actorOf(request).archiveId, attivitaId: id, fornitoreId },
        request.body,
      );
      reply.code(201);
      return ok(reply, created);
    },
  );

  app.put(
    ActivityPath.intervention,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Modifica un intervento (descrizione, data prevista)',
        params: interventionParamsSchema,
        body: interventionUpdateSchema,
        response: { 200: envelopeSchema(interventionSchema) },
      },
    },
    async (request, reply) => {
      const { id, fornitoreId, interventoId } = request.params;
      return ok(
        reply,
        await updateIntervention(
          app.db,
          { archiveId: actorOf(request).archiveId, attivitaId: id, fornitoreId },
          interventoId,
          request.body,
        ),
      );
    },
  );

  app.delete(
    ActivityPath.intervention,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Elimina un intervento (non se l'incarico al fornitore è in corso)",
        params: interventionParamsSchema,
        querystring: objVersionQuerySchema,
        response: { 200: deleted },
      },
    },
    async (request, reply) => {
      const { id, fornitoreId, interventoId } = request.params;
      const actor = actorOf(request);
      await deleteIntervention(
        app.db,
        { archiveId: actor.archiveId, attivitaId: id, fornitoreId },
        interventoId,
        request.query.objVersion,
        await actorName(app.db, actor),
      );
      return ok(reply, { id: interventoId });
    },
  );

  app.put(
    ActivityPath.interventionDone,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Segna l'intervento come svolto alla data indicata",
        params: interventionParamsSchema,
        body: interventionDoneSchema,
        response: { 200: envelopeSchema(interventionSchema) },
      },
    },
    async (request, reply) => {
      const { id, fornitoreId, interventoId } = request.params;
      return ok(
        reply,
        await markDone(
          app.db,
          { archiveId: actorOf(request).archiveId, attivitaId: id, fornitoreId },
          interventoId,
          request.body,
        ),
      );
    },
  );

  app.put(
    ActivityPath.interventionDate,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Rinvia l'intervento: nuova data prevista con la motivazione",
        params: interventionParamsSchema,
        body: interventionPostponeSchema,
        response: { 200: envelopeSchema(interventionSchema) },
      },
    },
    async (request, reply) => {
      const { id, fornitoreId, interventoId } = request.params;
      const actor = actorOf(request);
      const body = { ...request.body, operatore: request.body.operatore || (await actorName(app.db, actor)) };
      return ok(
        reply,
        await postpone(
          app.db,
          { archiveId: actor.archiveId, attivitaId: id, fornitoreId },
          interventoId,
          body,
        ),
      );
    },
  );
}
