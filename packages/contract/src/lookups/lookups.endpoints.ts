import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { Area } from '../common/enums.ts';
import {
  contoLookupItemSchema,
  contoLookupQuerySchema,
  localitaQuerySchema,
  localitaSchema,
  lookupCreateSchema,
  lookupItemSchema,
  operatoreSchema,
} from './lookups.schemas.ts';

const tags = ['tabelle'] as const;

/** A lookup list of short texts (nations, titles, provider activity types, assignment types). */
const textList = <const P extends string, const O extends string>(operationId: O, path: P, what: string) =>
  ({
    operationId,
    method: 'GET',
    path,
    summary: `Elenco dei ${what}`,
    tags,
    response: z.array(lookupItemSchema),
  }) as const;

/** A new entry of a lookup list (or the existing one with the same text). */
const textAdd = <const P extends string, const O extends string>(operationId: O, path: P, what: string) =>
  ({
    operationId,
    method: 'POST',
    path,
    summary: `Aggiunge una voce ai ${what}`,
    tags,
    body: lookupCreateSchema,
    response: lookupItemSchema,
  }) as const;

/**
 * The lookup calls (spec section 7, Lookups), shared by the forms of every area: archive-wide,
 * except the providers' activity types (area providers).
 */
export const LookupApi = {
  nazioni: endpoint(textList('elencoNazioni', '/api/nazione', 'nazioni')),
  aggiungiNazione: endpoint(textAdd('aggiungiNazione', '/api/nazione', 'nazioni')),
  titoli: endpoint(textList('elencoTitoliAnagrafica', '/api/titoloAnagrafica', 'titoli delle anagrafiche')),
  aggiungiTitolo: endpoint(
    textAdd('aggiungiTitoloAnagrafica', '/api/titoloAnagrafica', 'titoli delle anagrafiche'),
  ),
  tipiAttivitaFornitore: endpoint({
    ...textList(
      'elencoTipiAttivitaFornitore',
      '/api/fornitore/tipoAttivita',
      'tipi di attività dei fornitori',
    ),
    area: Area.Providers,
  }),
  aggiungiTipoAttivitaFornitore: endpoint({
    ...textAdd(
      'aggiungiTipoAttivitaFornitore',
      '/api/fornitore/tipoAttivita',
      'tipi di attività dei fornitori',
    ),
    area: Area.Providers,
  }),
  tipiIncarico: endpoint(textList('elencoTipiIncarico', '/api/tipoIncarico', 'tipi di incarico')),
  localita: endpoint({
    operationId: 'cercaLocalita',
    method: 'GET',
    path: '/api/localita',
    summary: 'Comuni italiani con CAP e provincia, per CAP o per nome',
    tags,
    query: localitaQuerySchema,
    response: z.array(localitaSchema),
  }),
  operatori: endpoint({
    operationId: 'elencoOperatori',
    method: 'GET',
    path: '/api/operatore',
    summary: "Operatori dell'archivio",
    tags,
    response: z.array(operatoreSchema),
  }),
  contiLookup: endpoint({
    operationId: 'elencoContiEsercizio',
    method: 'GET',
    path: '/api/conto/lookup',
    summary: 'Conti di un esercizio (TipoConto 0 personali, 1 versamenti)',
    tags,
    query: contoLookupQuerySchema,
    response: z.array(contoLookupItemSchema),
  }),
};
