import type { AppInstance } from '../app.ts';
import { activityRoutes } from './activities/activity.routes.ts';
import { archiveRoutes } from './archives/archive.routes.ts';
import { incarichiRoutes } from './assignments/incarichi.routes.ts';
import { attachmentRoutes } from './attachments/attachment.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { changelogRoutes } from './changelog/changelog.routes.ts';
import { commonPartRoutes } from './common-parts/common-part.routes.ts';
import { condominiumRoutes } from './condominiums/condominium.routes.ts';
import { exportRoutes } from './exports/exports.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { historyRoutes } from './history/history.routes.ts';
import { homeRoutes } from './home/home.routes.ts';
import { instalmentRoutes } from './instalments/instalment.routes.ts';
import { lookupsRoutes } from './lookups/lookups.routes.ts';
import { deviceRoutes } from './notifications/device.routes.ts';
import { peopleRoutes } from './people/people.routes.ts';
import { providersRoutes } from './providers/providers.routes.ts';
import { reportRoutes } from './reports/report.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { assignmentRoutes } from './supplier-assignments/assignment.routes.ts';
import { supplierPortalRoutes } from './supplier-portal/supplier-portal.routes.ts';

/** Every route plugin of the server, in registration order. One line per area. */
export const routeModules: Array<(app: AppInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  archiveRoutes,
  deviceRoutes,
  changelogRoutes,
  condominiumRoutes,
  commonPartRoutes,
  peopleRoutes,
  providersRoutes,
  incarichiRoutes,
  lookupsRoutes,
  activityRoutes,
  attachmentRoutes,
  assignmentRoutes,
  supplierPortalRoutes,
  homeRoutes,
  reportRoutes,
  instalmentRoutes,
  searchRoutes,
  historyRoutes,
  exportRoutes,
];
