import { Area } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession } from '../../test/sessions.ts';
import { areasOf } from './auth-guard.ts';

/**
 * Derived from the live route table, not from a list: every /api route that names a permission
 * area answers 120 to an archive user without that area, and every archive route without an area
 * must be on the allow-list below (with its reason). A route added later without its area fails here.
 */

/** Archive routes that belong to no area of spec section 6, and why. */
const NO_AREA_ALLOWED: Record<string, string> = {
  'GET /api/db/open': 'opening the archive gives the user their own permissions',
  'GET /api/db/checkDBVersion': 'archive maintenance, before any area',
  'POST /api/db/updateDB': 'archive maintenance, before any area',
  'GET /api/db/updateDB/progress': 'archive maintenance, before any area',
  'PUT /api/db/ultimoAccesso': 'every page reports the last access',
  'GET /api/condominio/lista': 'condominiums are the frame of every area (plants area has no routes yet)',
  'GET /api/incarico': 'assignments are shown with condominiums and with contacts',
  'GET /api/incarico/:id': 'as above',
  'POST /api/incarico': 'as above',
  'PUT /api/incarico/:id': 'as above',
  'DELETE /api/incarico/:id': 'as above',
  'GET /api/nazione': 'shared lookup of the address forms',
  'POST /api/nazione': 'shared lookup of the address forms',
  'GET /api/titoloAnagrafica': 'shared lookup of contacts and providers',
  'POST /api/titoloAnagrafica': 'shared lookup of contacts and providers',
  'GET /api/tipoIncarico': 'shared lookup of assignments',
  'GET /api/localita': 'Italian municipalities, the same for every archive',
  'GET /api/operatore': 'the operators of every area',
  'GET /api/conto/lookup': 'accounts of an exercise (instalments, no area flag)',
  'GET /api/cerca': 'search everything: each kind is left out without its area',
  'GET /api/cronologia/:tipo/:id':
    "a record's history: the area of the record's kind, checked per kind (120)",
  'GET /api/eventoRegistroAmministratore': 'lookup of the condominium administrators register',
  'GET /api/tipoRisorsa': 'lookup of the condominium resources',
};

/**
 * Whole areas of the specification that have no permission flag of their own (section 6 names
 * attachments, activities, plants, contacts and providers only): every route under these paths is
 * archive-wide on purpose, unless it names an area (the common parts under /api/condominio do).
 */
const NO_AREA_PATHS: Record<string, string> = {
  '/api/condominio/': 'condominiums are the frame of every area and have no flag',
  '/api/condominio': 'as above (the list and the new condominium)',
  '/api/rata': 'instalments have no flag',
  '/api/unitaAnagrafica': 'instalments: units and people of an exercise',
  '/api/importiUnita': 'instalments: amounts per unit',
  '/api/registerVersamento': 'instalments: payments',
  '/api/registerRimborso': 'instalments: refunds',
  '/api/surplusVersamento': 'instalments: use of a surplus',
  '/api/printSituazioneRate': 'instalments: statement PDF',
  '/api/printReceipt': 'instalments: receipt PDF',
  '/api/movimenti': 'instalments: financial movements',
  '/api/stampa/impostazioni': "the studio's print settings of the instalments' PDFs",
};

const underNoAreaPath = (url: string) =>
  Object.keys(NO_AREA_PATHS).some((path) =>
    path.endsWith('/') ? url.startsWith(path) : url === path || url.startsWith(`${path}/`),
  );

type AuthLevel = 'none' | 'account' | 'archive';

function levelOf(route: RegisteredRoute): AuthLevel {
  return route.config.auth ?? (route.url.startsWith('/api/') ? 'archive' : 'none');
}

const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** Archive routes with no area that the allow-list does not name: what this suite refuses. */
export function routesMissingTheirArea(routes: readonly RegisteredRoute[]): string[] {
  return routes
    .filter((route) => levelOf(route) === 'archive' && areasOf(route.config.area).length === 0)
    .map(keyOf)
    .filter((key) => !(key in NO_AREA_ALLOWED) && !underNoAreaPath(key.slice(key.indexOf(' ') + 1)));
}

/** A URL for a route pattern: every `:param` becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('permission areas, from the route table', () => {
  it('every archive route names its area or is on the allow-list', () => {
    const routes = t.app.routeTable;
    expect(routes.filter((route) => areasOf(route.config.area).length > 0).length).toBeGreaterThan(40);
    expect(routesMissingTheirArea(routes)).toEqual([]);
    // Nothing stale on the allow-list either.
    const registered = new Set(routes.map(keyOf));
    expect(Object.keys(NO_AREA_ALLOWED).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('the check catches a route that forgets its area', () => {
    const forgotten: RegisteredRoute = { method: 'GET', url: '/api/allegati/:id', config: {} };
    const declared: RegisteredRoute = {
      method: 'GET',
      url: '/api/allegati/:id',
      config: { area: Area.Attachments },
    };
    const publicRoute: RegisteredRoute = { method: 'GET', url: '/api/changelog', config: { auth: 'none' } };
    expect(routesMissingTheirArea([forgotten, declared, publicRoute])).toEqual(['GET /api/allegati/:id']);
  });

  for (const area of Object.values(Area)) {
    it(`every route of ${area} answers 120 to a user without it`, async () => {
      const routes = t.app.routeTable.filter((route) => areasOf(route.config.area).includes(area));
      const session = await createTestSession(t, { deniedAreas: [area] });
      const answers: string[] = [];
      for (const route of routes) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: session.headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const error = res.json().error as { code?: number } | null;
        answers.push(`${keyOf(route)} -> ${res.statusCode} ${error?.code ?? ''}`.trim());
      }
      expect(answers).toEqual(routes.map((route) => `${keyOf(route)} -> 403 120`));
    });
  }

  it('the attachments area covers the routes that read or write attachments', () => {
    const ofAttachments = t.app.routeTable
      .filter((route) => areasOf(route.config.area).includes(Area.Attachments))
      .map(keyOf);
    expect(ofAttachments).toEqual(
      expect.arrayContaining([
        'GET /api/persona/:id/allegati',
        'POST /api/interventoFornitore/:attivitaId/:interventoId/integrazioneFileForm',
        'POST /api/interventoFornitore/:attivitaId/:interventoId/integrazioneChiaveFile',
      ]),
    );
    const providerTypes = t.app.routeTable.filter((route) => route.url === '/api/fornitore/tipoAttivita');
    expect(providerTypes.map((route) => [route.method, route.config.area])).toEqual([
      ['GET', Area.Providers],
      ['POST', Area.Providers],
    ]);
  });
});
