import { type Endpoint, REPORT_FILE_MAX_BYTES, ReportKind, SegnalazioniApi } from '@stabile/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { route } from '../../shared/route.ts';
import {
  checkReport,
  createReport,
  type ReportDeps,
  type ReportFile,
  sendReportSummary,
} from './report.service.ts';

/** Reads the multipart fields and files of a report (a file over the limit answers 123). */
async function readParts(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(110, 'Invia la segnalazione come multipart/form-data.');
  const fields: Record<string, unknown> = {};
  const files: ReportFile[] = [];
  for await (const part of request.parts({
    limits: { fileSize: REPORT_FILE_MAX_BYTES, files: 2, fields: 10 },
  })) {
    if (part.type === 'file') files.push({ name: part.filename, content: await part.toBuffer() });
    else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return checkReport(fields, files);
}

export async function reportRoutes(app: AppInstance) {
  const deps = (): ReportDeps => ({
    db: app.db,
    mailer: app.mailer,
    dataDir: app.config.dataDir,
    supportEmail: app.config.supportEmail,
    log: app.log,
  });
  const register = (declaration: Endpoint, kind: ReportKind) =>
    route(app, declaration, async ({ request }) => {
      if (!request.auth) throw new AppError(111);
      const input = await readParts(request);
      const created = await createReport(deps(), request.auth.accountId, kind, input);
      await sendReportSummary(deps(), kind, input.fields, created);
      return created;
    });
  register(SegnalazioniApi.problema, ReportKind.Problem);
  register(SegnalazioniApi.suggerimento, ReportKind.Suggestion);
}
