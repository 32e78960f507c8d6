import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { pageQuerySchema } from '../common/envelope.ts';
import { ErrorCode } from '../common/errors.ts';
import {
  importiUnitaBodySchema,
  importoUnitaSchema,
  movimentiQuerySchema,
  movimentoSchema,
  operazioneRataSchema,
  printReceiptBodySchema,
  printSituazioneRateBodySchema,
  rataDettaglioBodySchema,
  rataDettaglioSchema,
  rataGroupSchema,
  rataListBodySchema,
  registerRimborsoBodySchema,
  registerVersamentoBodySchema,
  stampaImpostazioniDataSchema,
  stampaImpostazioniSchema,
  surplusVersamentoBodySchema,
  unitaAnagraficaQuerySchema,
  unitaAnagraficaSchema,
} from './instalment.schemas.ts';

const tags = ['rate'] as const;

/**
 * The instalment calls (spec section 7, Instalments and Movements). They belong to the archive as a
 * whole (the specification gives instalments no permission area of their own). The three writes
 * accept an `Idempotency-Key` header: a repeated request with the same key records nothing twice
 * and gets the first answer again.
 */
export const RataApi = {
  unitaAnagrafica: endpoint({
    operationId: 'unitaAnagrafica',
    method: 'GET',
    path: '/api/unitaAnagrafica',
    summary: 'Unità e anagrafiche di un esercizio, con i ruoli (ricerca da 3 caratteri)',
    tags,
    query: unitaAnagraficaQuerySchema,
    response: unitaAnagraficaSchema,
    errors: [ErrorCode.NotFound],
  }),
  lista: endpoint({
    operationId: 'listaRate',
    method: 'POST',
    path: '/api/rata',
    summary:
      'Rate di un esercizio raggruppate per anagrafica (1) o per unità (2), con i totali di ogni gruppo',
    tags,
    query: pageQuerySchema,
    body: rataListBodySchema,
    response: z.array(rataGroupSchema),
    paged: true,
    errors: [ErrorCode.NotFound],
  }),
  dettaglio: endpoint({
    operationId: 'dettaglioRata',
    method: 'POST',
    path: '/api/rata/dettaglio',
    summary: "Le rate di un'anagrafica o di unità, con scadenze, importi, versamenti e rimborsi",
    tags,
    body: rataDettaglioBodySchema,
    response: rataDettaglioSchema,
    errors: [ErrorCode.NotFound],
  }),
  importiUnita: endpoint({
    operationId: 'importiUnita',
    method: 'POST',
    path: '/api/importiUnita',
    summary: 'Dovuto, versato, saldo e scaduto per unità di un esercizio',
    tags,
    body: importiUnitaBodySchema,
    response: z.array(importoUnitaSchema),
    errors: [ErrorCode.NotFound],
  }),
  registerVersamento: endpoint({
    operationId: 'registerVersamento',
    method: 'POST',
    path: '/api/registerVersamento',
    summary: "Registra un versamento e lo distribuisce sulle rate (l'eccedenza resta a credito); idempotente",
    tags,
    body: registerVersamentoBodySchema,
    response: operazioneRataSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
  registerRimborso: endpoint({
    operationId: 'registerRimborso',
    method: 'POST',
    path: '/api/registerRimborso',
    summary: "Registra il rimborso di un'eccedenza (non oltre l'eccedenza disponibile); idempotente",
    tags,
    body: registerRimborsoBodySchema,
    response: operazioneRataSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
  surplusVersamento: endpoint({
    operationId: 'surplusVersamento',
    method: 'POST',
    path: '/api/surplusVersamento',
    summary: "Usa l'eccedenza disponibile per pagare le rate; idempotente",
    tags,
    body: surplusVersamentoBodySchema,
    response: operazioneRataSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
  printSituazioneRate: endpoint({
    operationId: 'printSituazioneRate',
    method: 'POST',
    path: '/api/printSituazioneRate',
    summary: "PDF della situazione rate di un'anagrafica o di unità, su uno o più esercizi",
    tags,
    body: printSituazioneRateBodySchema,
    response: z.null(),
    produces: 'application/pdf',
    errors: [ErrorCode.NotFound],
  }),
  printReceipt: endpoint({
    operationId: 'printReceipt',
    method: 'POST',
    path: '/api/printReceipt',
    summary: 'PDF della ricevuta di un versamento',
    tags,
    body: printReceiptBodySchema,
    response: z.null(),
    produces: 'application/pdf',
    errors: [ErrorCode.NotFound],
  }),
  leggiImpostazioniStampa: endpoint({
    operationId: 'leggiImpostazioniStampa',
    method: 'GET',
    path: '/api/stampa/impostazioni',
    summary:
      'Impostazioni di stampa dello studio (intestazione, indirizzo, codice fiscale, logo, firma, piè di pagina)',
    tags,
    response: stampaImpostazioniDataSchema,
  }),
  salvaImpostazioniStampa: endpoint({
    operationId: 'salvaImpostazioniStampa',
    method: 'POST',
    path: '/api/stampa/impostazioni',
    summary: 'Salva le impostazioni di stampa dello studio, applicate a situazioni rate e ricevute',
    tags,
    body: stampaImpostazioniSchema,
    response: stampaImpostazioniDataSchema,
  }),
  movimenti: endpoint({
    operationId: 'listaMovimenti',
    method: 'GET',
    path: '/api/movimenti',
    summary: "Movimenti finanziari di un'anagrafica (0), persona (1), fornitore (2), rata (3) o unità (4)",
    tags,
    query: movimentiQuerySchema,
    response: z.array(movimentoSchema),
  }),
};
