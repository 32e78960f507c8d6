import { CondominioApi as Api, type EndpointData } from '@stabile/contract';

/*
 * What a write of a condominium's records does to the cache. The server answers a create or an edit
 * with the saved record (with its new objVersion) and a delete with its id: the answer is placed into
 * every cached list of its kind for that condominium, in the order the server lists them, and only
 * what derives from it is fetched again (a resource's funds and the payment-account balance; the
 * exercise picker of the activities). The condominium's record and its other tabs stay as they are.
 */

export type RecordKind =
  | 'exercises'
  | 'buildings'
  | 'groups'
  | 'insurances'
  | 'cadastral'
  | 'register'
  | 'resources'
  | 'funds';

type Esercizio = EndpointData<typeof Api.creaEsercizio>;
type Palazzina = EndpointData<typeof Api.creaPalazzina>;
type Assicurazione = EndpointData<typeof Api.creaAssicurazione>;
type DatoCatastale = EndpointData<typeof Api.creaImmobileAccatastato>;
type DatiCatastali = EndpointData<typeof Api.datiCatastali>;
type Registro = EndpointData<typeof Api.creaRegistroAmministratori>;
type Risorsa = EndpointData<typeof Api.creaRisorsa>;
type Fondo = EndpointData<typeof Api.creaFondo>;

/** The cached argument of each list: the condominium id, or the condominium and exercise ids. */
export interface ListArgs {
  exercises: { id: number; EserciziAperti?: number };
  buildings: { id: number; esercizioId: number };
  groups: { id: number; esercizioId: number };
  insurances: number;
  cadastral: number;
  register: number;
  resources: number;
  funds: number;
}

export interface ListData {
  exercises: Esercizio[];
  buildings: Palazzina[];
  groups: Palazzina[];
  insurances: Assicurazione[];
  cadastral: DatiCatastali;
  register: Registro[];
  resources: Risorsa[];
  funds: Fondo[];
}

type Recipe<K extends RecordKind> = (draft: ListData[K]) => void;

/** One cached list to change: for each of its cached arguments, a recipe (or none: not this one). */
export type RecordPatch = {
  [K in RecordKind]: { endpoint: K; patch: (args: ListArgs[K]) => Recipe<K> | undefined };
}[RecordKind];

export interface RecordWriteEffects {
  patches: RecordPatch[];
  invalidate: Array<{ type: 'Condominium'; id: string | number }>;
}

type Params = { id: number; itemId?: number; esercizioId?: number };
type Operation = 'save' | 'remove';

const calls = new Map<unknown, { kind: RecordKind; op: Operation }>([
  [Api.creaEsercizio, { kind: 'exercises', op: 'save' }],
  [Api.modificaEsercizio, { kind: 'exercises', op: 'save' }],
  [Api.eliminaEsercizio, { kind: 'exercises', op: 'remove' }],
  [Api.creaPalazzina, { kind: 'buildings', op: 'save' }],
  [Api.modificaPalazzina, { kind: 'buildings', op: 'save' }],
  [Api.eliminaPalazzina, { kind: 'buildings', op: 'remove' }],
  [Api.creaGruppo, { kind: 'groups', op: 'save' }],
  [Api.modificaGruppo, { kind: 'groups', op: 'save' }],
  [Api.eliminaGruppo, { kind: 'groups', op: 'remove' }],
  [Api.creaAssicurazione, { kind: 'insurances', op: 'save' }],
  [Api.modificaAssicurazione, { kind: 'insurances', op: 'save' }],
  [Api.eliminaAssicurazione, { kind: 'insurances', op: 'remove' }],
  [Api.creaImmobileAccatastato, { kind: 'cadastral', op: 'save' }],
  [Api.modificaImmobileAccatastato, { kind: 'cadastral', op: 'save' }],
  [Api.creaDomandaAccatastamento, { kind: 'cadastral', op: 'save' }],
  [Api.modificaDomandaAccatastamento, { kind: 'cadastral', op: 'save' }],
  [Api.eliminaDatoCatastale, { kind: 'cadastral', op: 'remove' }],
  [Api.creaRegistroAmministratori, { kind: 'register', op: 'save' }],
  [Api.modificaRegistroAmministratori, { kind: 'register', op: 'save' }],
  [Api.eliminaRegistroAmministratori, { kind: 'register', op: 'remove' }],
  [Api.creaRisorsa, { kind: 'resources', op: 'save' }],
  [Api.modificaRisorsa, { kind: 'resources', op: 'save' }],
  [Api.eliminaRisorsa, { kind: 'resources', op: 'remove' }],
  [Api.creaFondo, { kind: 'funds', op: 'save' }],
  [Api.modificaFondo, { kind: 'funds', op: 'save' }],
  [Api.eliminaFondo, { kind: 'funds', op: 'remove' }],
]);

// The orders of the server's lists (condominium-records.service.ts), id descending last. Text is
// compared by code point as the databases' binary collation does; an empty date sorts last.
const desc = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? 1 : -1;
const asc = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);
const byId = (a: { id: number }, b: { id: number }) => b.id - a.id;

const orders = {
  exercises: (a: Esercizio, b: Esercizio) => desc(a.dataInizio, b.dataInizio) || byId(a, b),
  buildings: (a: Palazzina, b: Palazzina) => asc(a.descrizione, b.descrizione) || byId(a, b),
  insurances: (a: Assicurazione, b: Assicurazione) => desc(a.dataScadenza, b.dataScadenza) || byId(a, b),
  cadastral: (a: DatoCatastale, b: DatoCatastale) => a.id - b.id,
  register: (a: Registro, b: Registro) => desc(a.dataEvento, b.dataEvento) || byId(a, b),
  resources: (a: Risorsa, b: Risorsa) => a.versione - b.versione || a.id - b.id,
  funds: (a: Fondo, b: Fondo) => asc(a.descrizione, b.descrizione) || byId(a, b),
};

/** Puts `item` in `list` (replacing the one with its id) in the list's order; `keep` false: removes it. */
function place<T extends { id: number }>(list: T[], item: T, order: (a: T, b: T) => number, keep = true) {
  const at = list.findIndex((r) => r.id === item.id);
  if (at >= 0) list.splice(at, 1);
  if (!keep) return;
  list.push(item);
  list.sort(order);
}

function drop<T extends { id: number }>(list: T[], id: number) {
  const at = list.findIndex((r) => r.id === id);
  if (at >= 0) list.splice(at, 1);
}

/** The cache changes of one successful write (`data` is the server's answer). */
export function recordWriteEffects(
  write: { declaration: unknown; params: Params },
  data: unknown,
): RecordWriteEffects {
  const call = calls.get(write.declaration);
  if (!call) return { patches: [], invalidate: [] };
  const { id: condominioId, esercizioId } = write.params;
  const removedId = (write.params.itemId ?? write.params.esercizioId) as number;
  const saved = data as { id: number };
  const tag = (kind: string) => ({ type: 'Condominium' as const, id: `${condominioId}:${kind}` });
  const invalidate: RecordWriteEffects['invalidate'] = [];
  const sameCondominium = (args: number) => args === condominioId;
  const sameExercise = (args: { id: number; esercizioId: number }) =>
    args.id === condominioId && args.esercizioId === esercizioId;

  let patch: RecordPatch;
  switch (call.kind) {
    case 'exercises': {
      // The exercise picker of the activities reads them under the plain condominium tag.
      invalidate.push({ type: 'Condominium', id: condominioId });
      patch = {
        endpoint: 'exercises',
        patch: (args) => {
          if (args.id !== condominioId) return undefined;
          if (call.op === 'remove') return (draft) => drop(draft, removedId);
          const exercise = saved as Esercizio;
          // EserciziAperti 1: open ones only; 2: closed ones only (an edit can close or reopen one).
          const keep =
            !args.EserciziAperti || (args.EserciziAperti === 1 ? !exercise.chiuso : exercise.chiuso);
          return (draft) => place(draft, exercise, orders.exercises, keep);
        },
      };
      break;
    }
    case 'buildings':
    case 'groups': {
      const endpoint = call.kind;
      patch = {
        endpoint,
        patch: (args: ListArgs['buildings']) => {
          if (!sameExercise(args)) return undefined;
          if (call.op === 'remove') return (draft: Palazzina[]) => drop(draft, removedId);
          return (draft: Palazzina[]) => place(draft, saved as Palazzina, orders.buildings);
        },
      } as RecordPatch;
      break;
    }
    case 'cadastral':
      patch = {
        endpoint: 'cadastral',
        patch: (args) => {
          if (!sameCondominium(args)) return undefined;
          return (draft) => {
            drop(draft.immobiliAccatastati, removedId);
            drop(draft.domandeAccatastamento, removedId);
            if (call.op === 'remove') return;
            const record = saved as DatoCatastale;
            const list = record.tipo === 1 ? draft.domandeAccatastamento : draft.immobiliAccatastati;
            place(list, record, orders.cadastral);
          };
        },
      };
      break;
    default: {
      const kind = call.kind;
      // A resource names the funds' resource and makes the payment-account balance.
      if (kind === 'resources') invalidate.push(tag('funds'), tag('balance'));
      const order = orders[kind] as (a: { id: number }, b: { id: number }) => number;
      patch = {
        endpoint: kind,
        patch: (args: number) => {
          if (!sameCondominium(args)) return undefined;
          if (call.op === 'remove') return (draft: Array<{ id: number }>) => drop(draft, removedId);
          return (draft: Array<{ id: number }>) => place(draft, saved, order);
        },
      } as RecordPatch;
    }
  }
  return { patches: [patch], invalidate };
}
