import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { condominioListaItemSchema, condominioListaQuerySchema } from './condominium.schemas.ts';

const tags = ['condomini'] as const;

/** The condominium calls (spec section 7, Condominium). */
export const CondominioApi = {
  /** Short list of every condominium of the archive, for pickers and filters. */
  lista: endpoint({
    operationId: 'listaCondomini',
    method: 'GET',
    path: '/api/condominio/lista',
    summary: "Elenco breve dei condomini dell'archivio (gestiti, salvo gestiti=false), per intestazione",
    tags,
    query: condominioListaQuerySchema,
    response: z.array(condominioListaItemSchema),
  }),
};
