import { ActivityPath, Area, envelopeSchema, homeSchema } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { actorOf } from '../activities/actor.ts';
import { loadHome } from './home.service.ts';

export async function homeRoutes(app: AppInstance) {
  app.get(
    ActivityPath.home,
    {
      config: { area: Area.Activities },
      schema: {
        tags: ['attività'],
        summary:
          "Cosa richiede attenzione ora: attività urgenti e scadute, interventi in ritardo, risposte dei fornitori dall'ultima visita",
        response: { 200: envelopeSchema(homeSchema) },
      },
    },
    async (request, reply) => ok(reply, await loadHome(app.db, actorOf(request))),
  );
}
