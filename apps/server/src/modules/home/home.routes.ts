import { HomeApi } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { actorOfScope } from '../activities/actor.ts';
import { loadHome } from './home.service.ts';

export async function homeRoutes(app: AppInstance) {
  route(app, HomeApi.get, ({ scope }) => loadHome(app.db, actorOfScope(scope)));
}
