import { CondominioApi as Api, CadastralType } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { listCondominiumsShort } from './condominium.repository.ts';
import {
  type CondominiumContext,
  condominiumAssignees,
  createCondominium,
  deleteCondominiumRecord,
  getCondominium,
  listCondominiumPage,
  paymentAccountBalance,
  updateCondominiumRecord,
} from './condominium.service.ts';
import * as records from './condominium-records.service.ts';

export async function condominiumRoutes(app: AppInstance) {
  const ctx = (scope: { archiveId: number }): CondominiumContext => ({
    db: app.db,
    dialect: app.dialect,
    archiveId: scope.archiveId,
  });

  route(app, Api.lista, ({ scope, query }) =>
    listCondominiumsShort(app.db, scope.archiveId, { gestiti: query.gestiti }),
  );
  route(app, Api.list, ({ scope, query }) =>
    listCondominiumPage(ctx(scope), {
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
      search: query.searchQuery,
      gestiti: query.gestiti,
      citta: query.citta,
      provincia: query.provincia ?? undefined,
      statoContoPagamenti: query.statoContoPagamenti,
      portaleAttivo: query.portaleAttivo,
    }),
  );
  route(app, Api.get, ({ scope, params }) => getCondominium(ctx(scope), params.id));
  route(app, Api.create, ({ scope, body }) => createCondominium(ctx(scope), body));
  route(app, Api.update, ({ scope, params, body }) => updateCondominiumRecord(ctx(scope), params.id, body));
  route(app, Api.remove, async ({ scope, params, query }) => {
    await deleteCondominiumRecord(ctx(scope), params.id, query.objVersion);
    return { id: params.id };
  });
  route(app, Api.anagraficaIncarico, ({ scope, params, query }) =>
    condominiumAssignees(ctx(scope), params.id, query.searchQuery),
  );

  // Insurance
  route(app, Api.assicurazioni, ({ scope, params }) => records.listInsurances(ctx(scope), params.id));
  route(app, Api.assicurazione, ({ scope, params }) =>
    records.getInsurance(ctx(scope), params.id, params.itemId),
  );
  route(app, Api.creaAssicurazione, ({ scope, params, body }) =>
    records.createInsurance(ctx(scope), params.id, body),
  );
  route(app, Api.modificaAssicurazione, ({ scope, params, body }) =>
    records.updateInsurance(ctx(scope), params.id, params.itemId, body),
  );
  route(app, Api.eliminaAssicurazione, async ({ scope, params, query }) => {
    await records.deleteInsurance(ctx(scope), params.id, params.itemId, query.objVersion);
    return { id: params.itemId };
  });

  // Cadastral data
  route(app, Api.datiCatastali, ({ scope, params }) => records.cadastralData(ctx(scope), params.id));
  route(app, Api.creaImmobileAccatastato, ({ scope, params, body }) =>
    records.createCadastral(ctx(scope), params.id, body, CadastralType.RegisteredProperty),
  );
  route(app, Api.modificaImmobileAccatastato, ({ scope, params, body }) =>
    records.updateCadastral(ctx(scope), params.id, params.itemId, body, CadastralType.RegisteredProperty),
  );
  route(app, Api.creaDomandaAccatastamento, ({ scope, params, body }) =>
    records.createCadastral(ctx(scope), params.id, body, CadastralType.RegistrationRequest),
  );
  route(app, Api.modificaDomandaAccatastamento, ({ scope, params, body }) =>
    records.updateCadastral(ctx(scope), params.id, params.itemId, body, CadastralType.RegistrationRequest),
  );
  route(app, Api.eliminaDatoCatastale, async ({ scope, params, query }) => {
    await records.deleteCadastral(ctx(scope), params.id, params.itemId, query.objVersion);
    return { id: params.itemId };
  });

  // Exercises, buildings, groups
  route(app, Api.esercizi, ({ scope, params, query }) => records.listExercises(ctx(scope), params.id, query));
  route(app, Api.esercizio, ({ scope, params }) =>
    records.getExercise(ctx(scope), params.id, params.esercizioId),
  );
  route(app, Api.creaEsercizio, ({ scope, params, body }) =>
    records.createExercise(ctx(scope), params.id, body),
  );
  route(app, Api.modificaEsercizio, ({ scope, params, body }) =>
    records.updateExercise(ctx(scope), params.id, params.esercizioId, body),
  );
  route(app, Api.eliminaEsercizio, async ({ scope, params, query }) => {
    await records.deleteExercise(ctx(scope), params.id, params.esercizioId, query.objVersion);
    return { id: params.esercizioId };
  });
  route(app, Api.saldoTsPay, ({ scope, params, query }) =>
    paymentAccountBalance(ctx(scope), params.id, query.forzaAggiornamento),
  );
  for (const [table, list, create, update, remove] of [
    ['buildings', Api.palazzine, Api.creaPalazzina, Api.modificaPalazzina, Api.eliminaPalazzina],
    ['unit_groups', Api.gruppi, Api.creaGruppo, Api.modificaGruppo, Api.eliminaGruppo],
  ] as const) {
    route(app, list, ({ scope, params }) =>
      records.listUnitSets(ctx(scope), table, params.id, params.esercizioId),
    );
    route(app, create, ({ scope, params, body }) =>
      records.createUnitSet(ctx(scope), table, params.id, params.esercizioId, body),
    );
    route(app, update, ({ scope, params, body }) =>
      records.updateUnitSet(ctx(scope), table, params.id, params.esercizioId, params.itemId, body),
    );
    route(app, remove, async ({ scope, params, query }) => {
      await records.deleteUnitSet(
        ctx(scope),
        table,
        params.id,
        params.esercizioId,
        params.itemId,
        query.objVersion,
      );
      return { id: params.itemId };
    });
  }

  // Administrators register
  route(app, Api.registroAmministratori, ({ scope, params }) => records.listRegister(ctx(scope), params.id));
  route(app, Api.voceRegistroAmministratori, ({ scope, params }) =>
    records.getRegisterEntry(ctx(scope), params.id, params.itemId),
  );
  route(app, Api.creaRegistroAmministratori, ({ scope, params, body }) =>
    records.createRegisterEntry(ctx(scope), params.id, body),
  );
  route(app, Api.modificaRegistroAmministratori, ({ scope, params, body }) =>
    records.updateRegisterEntry(ctx(scope), params.id, params.itemId, body),
  );
  route(app, Api.eliminaRegistroAmministratori, async ({ scope, params, query }) => {
    await records.deleteRegisterEntry(ctx(scope), params.id, params.itemId, query.objVersion);
    return { id: params.itemId };
  });
  route(app, Api.eventiRegistroAmministratore, ({ scope }) => records.registerEvents(ctx(scope)));

  // Resources and funds
  route(app, Api.risorse, ({ scope, params, query }) =>
    records.listResources(ctx(scope), params.id, query.versione),
  );
  route(app, Api.risorsa, ({ scope, params }) => records.getResource(ctx(scope), params.id, params.itemId));
  route(app, Api.creaRisorsa, ({ scope, params, body }) =>
    records.createResource(ctx(scope), params.id, body),
  );
  route(app, Api.modificaRisorsa, ({ scope, params, body }) =>
    records.updateResource(ctx(scope), params.id, params.itemId, body),
  );
  route(app, Api.eliminaRisorsa, async ({ scope, params, query }) => {
    await records.deleteResource(ctx(scope), params.id, params.itemId, query.objVersion);
    return { id: params.itemId };
  });
  route(app, Api.fondi, ({ scope, params }) => records.listFunds(ctx(scope), params.id));
  route(app, Api.creaFondo, ({ scope, params, body }) => records.createFund(ctx(scope), params.id, body));
  route(app, Api.modificaFondo, ({ scope, params, body }) =>
    records.updateFund(ctx(scope), params.id, params.itemId, body),
  );
  route(app, Api.eliminaFondo, async ({ scope, params, query }) => {
    await records.deleteFund(ctx(scope), params.id, params.itemId, query.objVersion);
    return { id: params.itemId };
  });
  route(app, Api.tipiRisorsa, ({ scope }) => records.resourceTypes(ctx(scope)));
}
