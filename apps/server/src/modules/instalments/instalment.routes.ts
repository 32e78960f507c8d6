import { RataApi } from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { idempotencyKeyOf } from '../../shared/idempotency.ts';
import { route } from '../../shared/route.ts';
import {
  amountsByUnit,
  exercisesOf,
  type InstalmentContext,
  listGroups,
  listMovements,
  loadDetail,
  overdueInstalments,
  readPrintSettings,
  registerPayment,
  registerRefund,
  savePrintSettings,
  unitsAndRegistries,
  useSurplus,
} from './instalment.service.ts';
import { issueInstalment } from './instalment-issue.ts';
import { printReceipt, printStatement } from './instalment-print.ts';

function sendPdf(reply: FastifyReply, bytes: Buffer, name: string): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

export async function instalmentRoutes(app: AppInstance) {
  const ctx = (archiveId: number): InstalmentContext => ({ db: app.db, dialect: app.dialect, archiveId });

  route(app, RataApi.esercizi, ({ scope, query }) => exercisesOf(ctx(scope.archiveId), query.CondominioID));
  route(app, RataApi.unitaAnagrafica, ({ scope, query }) => unitsAndRegistries(ctx(scope.archiveId), query));
  route(app, RataApi.lista, ({ scope, query, body }) => listGroups(ctx(scope.archiveId), body, query));
  route(app, RataApi.dettaglio, ({ scope, body }) => loadDetail(ctx(scope.archiveId), body));
  route(app, RataApi.importiUnita, ({ scope, body }) => amountsByUnit(ctx(scope.archiveId), body));
  route(app, RataApi.nuova, ({ scope, body, request }) =>
    issueInstalment(ctx(scope.archiveId), body, idempotencyKeyOf(request)),
  );
  route(app, RataApi.registerVersamento, ({ scope, body, request }) =>
    registerPayment(ctx(scope.archiveId), body, idempotencyKeyOf(request)),
  );
  route(app, RataApi.registerRimborso, ({ scope, body, request }) =>
    registerRefund(ctx(scope.archiveId), body, idempotencyKeyOf(request)),
  );
  route(app, RataApi.surplusVersamento, ({ scope, body, request }) =>
    useSurplus(ctx(scope.archiveId), body, idempotencyKeyOf(request)),
  );
  route(app, RataApi.printSituazioneRate, async ({ scope, body, reply }) =>
    sendPdf(reply, await printStatement(ctx(scope.archiveId), body), 'situazione-rate.pdf'),
  );
  route(app, RataApi.printReceipt, async ({ scope, body, reply }) =>
    sendPdf(
      reply,
      await printReceipt(ctx(scope.archiveId), body.versamentoID),
      `ricevuta-${body.versamentoID}.pdf`,
    ),
  );
  route(app, RataApi.leggiImpostazioniStampa, ({ scope }) => readPrintSettings(app.db, scope.archiveId));
  route(app, RataApi.salvaImpostazioniStampa, ({ scope, body }) =>
    savePrintSettings(app.db, scope.archiveId, body),
  );
  route(app, RataApi.scadute, ({ scope }) => overdueInstalments(ctx(scope.archiveId)));
  route(app, RataApi.movimenti, ({ scope, query }) => listMovements(ctx(scope.archiveId), query));
}
