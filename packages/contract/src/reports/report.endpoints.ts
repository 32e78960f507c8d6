import { endpoint } from '../common/endpoint.ts';
import { reportCreatedSchema, reportFieldsSchema } from './report.schemas.ts';

const tags = ['segnalazioni'] as const;
const common = {
  method: 'POST',
  tags,
  auth: 'account',
  multipart: true,
  body: reportFieldsSchema,
  response: reportCreatedSchema,
  errors: [123],
} as const;

/** Bug and suggestion reports (spec section 7 "Reports"): multipart Email, Messaggio, Allegato (at most one). */
export const SegnalazioniApi = {
  problema: endpoint({
    ...common,
    operationId: 'segnalaProblema',
    path: '/api/segnalazioni/problema',
    summary: 'Segnala un problema (multipart: Email, Messaggio, un Allegato facoltativo)',
  }),
  suggerimento: endpoint({
    ...common,
    operationId: 'inviaSuggerimento',
    path: '/api/segnalazioni/suggerimento',
    summary: 'Invia un suggerimento (multipart: Email, Messaggio, un Allegato facoltativo)',
  }),
};
