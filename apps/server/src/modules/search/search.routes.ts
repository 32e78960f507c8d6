import { SearchApi } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { searchEverything } from './search.service.ts';

/** Search everything from one box (issue 28, part 1). */
export async function searchRoutes(app: AppInstance) {
  route(app, SearchApi.search, ({ scope, query }) =>
    searchEverything({ db: app.db, dialect: app.dialect, scope }, query.q),
  );
}
