import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { Area } from '../common/enums.ts';
import { ErrorCode } from '../common/errors.ts';
import { zNumber } from '../common/primitives.ts';
import {
  deleteQuerySchema,
  fornitoreCreateSchema,
  fornitoreListQuerySchema,
  fornitoreSchema,
  fornitoreUpdateSchema,
  idParamSchema,
  personaAllegatoSchema,
  personaCreateSchema,
  personaListQuerySchema,
  personaSchema,
  personaUpdateSchema,
  registryListItemSchema,
} from './people.schemas.ts';

/** The answer of a delete: the id of the removed record. */
export const deletedIdSchema = z.object({ id: zNumber().int() });

/** The contact calls (spec section 7, Contacts): area contacts. A missing contact is 122. */
export const PersonaApi = {
  list: endpoint({
    operationId: 'elencoContatti',
    method: 'GET',
    path: '/api/persona',
    summary: 'Elenco dei contatti, in ordine di descrizione, con ricerca da 3 caratteri',
    tags: ['contatti'],
    area: Area.People,
    query: personaListQuerySchema,
    response: z.array(registryListItemSchema),
    paged: true,
  }),
  get: endpoint({
    operationId: 'getContatto',
    method: 'GET',
    path: '/api/persona/:id',
    summary: 'Dettaglio di un contatto',
    tags: ['contatti'],
    area: Area.People,
    params: idParamSchema,
    response: personaSchema,
    errors: [ErrorCode.NotFound],
  }),
  create: endpoint({
    operationId: 'creaContatto',
    method: 'POST',
    path: '/api/persona',
    summary: 'Crea un contatto',
    tags: ['contatti'],
    area: Area.People,
    body: personaCreateSchema,
    response: personaSchema,
  }),
  update: endpoint({
    operationId: 'modificaContatto',
    method: 'PUT',
    path: '/api/persona/:id',
    summary: 'Modifica un contatto (richiede objVersion)',
    tags: ['contatti'],
    area: Area.People,
    params: idParamSchema,
    body: personaUpdateSchema,
    response: personaSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
  remove: endpoint({
    operationId: 'eliminaContatto',
    method: 'DELETE',
    path: '/api/persona/:id',
    summary: 'Elimina un contatto non più in uso (richiede objVersion)',
    tags: ['contatti'],
    area: Area.People,
    params: idParamSchema,
    query: deleteQuerySchema,
    response: deletedIdSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
  allegati: endpoint({
    operationId: 'allegatiContatto',
    method: 'GET',
    path: '/api/persona/:id/allegati',
    summary: 'Allegati di un contatto',
    tags: ['contatti'],
    area: [Area.People, Area.Attachments],
    params: idParamSchema,
    response: z.array(personaAllegatoSchema),
    errors: [ErrorCode.NotFound],
  }),
};

/**
 * The provider calls (spec section 7, Suppliers): area providers. A missing provider is 201; an
 * unknown activity type 113.
 */
export const FornitoreApi = {
  list: endpoint({
    operationId: 'elencoFornitori',
    method: 'GET',
    path: '/api/fornitore',
    summary: 'Elenco dei fornitori, in ordine di descrizione, con ricerca e filtri',
    tags: ['fornitori'],
    area: Area.Providers,
    query: fornitoreListQuerySchema,
    response: z.array(registryListItemSchema),
    paged: true,
  }),
  get: endpoint({
    operationId: 'getFornitore',
    method: 'GET',
    path: '/api/fornitore/:id',
    summary: 'Dettaglio di un fornitore (201 se non esiste)',
    tags: ['fornitori'],
    area: Area.Providers,
    params: idParamSchema,
    response: fornitoreSchema,
    errors: [ErrorCode.ProviderNotFound],
  }),
  create: endpoint({
    operationId: 'creaFornitore',
    method: 'POST',
    path: '/api/fornitore',
    summary: 'Crea un fornitore',
    tags: ['fornitori'],
    area: Area.Providers,
    body: fornitoreCreateSchema,
    response: fornitoreSchema,
  }),
  update: endpoint({
    operationId: 'modificaFornitore',
    method: 'PUT',
    path: '/api/fornitore/:id',
    summary: 'Modifica un fornitore (richiede objVersion)',
    tags: ['fornitori'],
    area: Area.Providers,
    params: idParamSchema,
    body: fornitoreUpdateSchema,
    response: fornitoreSchema,
    errors: [ErrorCode.ProviderNotFound, ErrorCode.Business],
  }),
  remove: endpoint({
    operationId: 'eliminaFornitore',
    method: 'DELETE',
    path: '/api/fornitore/:id',
    summary: 'Elimina un fornitore non più in uso (richiede objVersion)',
    tags: ['fornitori'],
    area: Area.Providers,
    params: idParamSchema,
    query: deleteQuerySchema,
    response: deletedIdSchema,
    errors: [ErrorCode.ProviderNotFound, ErrorCode.Business],
  }),
};
