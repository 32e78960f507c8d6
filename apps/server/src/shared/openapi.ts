import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes' schemas. Every route is declared with `route()`,
 * which names its operationId, security and error answers; this transform makes the answers valid
 * and readable (descriptions, JSON content, files for downloads, nullable schemas) and declares the
 * tags. A route registered otherwise lacks its security and operationId, and the Redocly test fails.
 */

type JsonObject = Record<string, unknown>;

/** The tags of the document, with what each one groups (operations may add others). */
interface Tag {
  name: string;
  description?: string;
}

export const OPENAPI_TAGS: readonly Required<Tag>[] = [
  { name: 'sistema', description: 'Stato del servizio e novità delle versioni.' },
  { name: 'autenticazione', description: 'Accesso, sessione, recupero della password e account.' },
  { name: 'archivi', description: "Archivi, apertura, utenti dell'archivio e aggiornamento dei dati." },
  { name: 'notifiche', description: 'Notifiche push: chiave pubblica e dispositivi.' },
  { name: 'condomini', description: 'Condomini, incarichi e assicurazioni.' },
  { name: 'parti comuni', description: 'Parti comuni, impianti e ambienti dei condomini.' },
  { name: 'contatti', description: 'Persone della rubrica.' },
  { name: 'fornitori', description: 'Fornitori.' },
  { name: 'incarichi', description: 'Incarichi dei condomini.' },
  { name: 'tabelle', description: 'Tabelle di supporto: nazioni, titoli, tipi, località, operatori.' },
  { name: 'attività', description: 'Attività, richiedenti, stati e impostazioni.' },
  { name: 'allegati', description: 'Allegati e loro file.' },
  { name: 'interventi fornitori', description: 'Interventi chiesti ai fornitori sulle attività.' },
  { name: 'portale fornitore', description: 'Pagine del fornitore raggiunte dal link ricevuto per email.' },
  { name: 'segnalazioni', description: 'Segnalazioni di problemi e suggerimenti.' },
  { name: 'rate', description: 'Rate, esercizi e importi delle unità.' },
  { name: 'ricerca', description: 'Ricerca in tutto l’archivio.' },
  { name: 'cronologia', description: 'Cronologia delle modifiche di un elemento.' },
  { name: 'esportazioni', description: 'Esportazioni in foglio di calcolo.' },
];

const DESCRIPTIONS: Record<string, string> = {
  200: 'Operazione riuscita',
  201: 'Elemento creato',
  204: 'Operazione riuscita, senza contenuto',
  400: 'Richiesta non valida',
  401: 'Accesso mancante o non valido',
  403: 'Permesso negato',
  404: 'Elemento non trovato',
  409: "In conflitto con lo stato attuale dell'elemento",
  413: 'Contenuto troppo grande',
  429: 'Troppe richieste, riprova più tardi',
  500: 'Errore del server',
  503: 'Servizio non disponibile',
};

/** What an answer's status means (the error's code and message are in the envelope). */
function describeStatus(status: string): string {
  return DESCRIPTIONS[status] ?? (Number(status) >= 400 ? `Errore ${status}` : 'Operazione riuscita');
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * OpenAPI 3.0 accepts `nullable` only beside a `type`: zod writes a nullable union as
 * `{anyOf: [...], nullable: true}`, so the `nullable` moves into each member (the same values).
 */
function fixNullable(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) fixNullable(item);
    return;
  }
  if (!isObject(schema)) return;
  for (const key of ['anyOf', 'oneOf', 'allOf', 'items', 'additionalProperties', 'not'] as const) {
    fixNullable(schema[key]);
  }
  if (isObject(schema.properties))
    for (const property of Object.values(schema.properties)) fixNullable(property);
  if (schema.nullable !== true || schema.type !== undefined || schema.$ref !== undefined) return;
  delete schema.nullable;
  const members = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(members)) return;
  for (const member of members) {
    if (!isObject(member) || member.type === undefined) continue;
    member.nullable = true;
    // A member restricted to some values must list null among them too.
    if (Array.isArray(member.enum) && !member.enum.includes(null)) member.enum = [...member.enum, null];
  }
}

/** Calls `visit` on each schema of the document's operations (parameters, bodies, answers). */
function forEachSchema(document: JsonObject, visit: (schema: unknown) => void): void {
  const contents = (holder: unknown) => {
    if (!isObject(holder) || !isObject(holder.content)) return;
    for (const media of Object.values(holder.content)) if (isObject(media)) visit(media.schema);
  };
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isObject(operation)) continue;
      if (Array.isArray(operation.parameters)) {
        for (const parameter of operation.parameters) if (isObject(parameter)) visit(parameter.schema);
      }
      contents(operation.requestBody);
      if (isObject(operation.responses))
        for (const answer of Object.values(operation.responses)) contents(answer);
    }
  }
  if (isObject(document.components) && isObject(document.components.schemas)) {
    for (const schema of Object.values(document.components.schemas)) visit(schema);
  }
}

/**
 * The document's transform: the zod schemas become JSON schemas; each answer gets its description
 * and content type (a download's file on 200).
 */
export const openApiTransform: SwaggerTransform = (input) => {
  const transformed = jsonSchemaTransform(input) as { schema?: JsonObject; url: string };
  const schema: JsonObject = { ...(transformed.schema ?? {}) };
  if (schema.hide) return { schema, url: transformed.url };

  const responses: JsonObject = { ...(isObject(schema.response) ? schema.response : {}) };
  // A declaration's `produces` may name several types in one string ('text/csv, application/...').
  const produces = (Array.isArray(schema.produces) ? (schema.produces as string[]) : [])
    .flatMap((types) => types.split(','))
    .map((type) => type.trim())
    .filter(Boolean);
  if (!produces.length && !Object.keys(responses).some((status) => status.startsWith('2'))) {
    responses[200] = {};
  }
  // Each answer says what it means and is JSON (the envelope), but a download's file on 200.
  for (const [status, body] of Object.entries(responses)) {
    if (!isObject(body) || 'content' in body) continue;
    responses[status] = {
      description: describeStatus(status),
      content: { 'application/json': { schema: body } },
    };
  }
  if (produces.length) {
    const file = { schema: { type: 'string', format: 'binary' } };
    responses[200] ??= {
      description: 'Il file',
      content: Object.fromEntries(produces.map((type) => [type, file])),
    };
  }
  schema.response = responses;
  return { schema, url: transformed.url };
};

/** The whole document: every tag its operations use is declared at the top level. */
export const openApiTransformObject: SwaggerTransformObject = (input) => {
  const document = ('openapiObject' in input ? input.openapiObject : input.swaggerObject) as JsonObject & {
    paths?: Record<string, Record<string, { tags?: string[] }>>;
  };
  const declared = new Map<string, Tag>(OPENAPI_TAGS.map((tag) => [tag.name, { ...tag }]));
  const used = new Set<string>();
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) for (const tag of operation.tags ?? []) used.add(tag);
  }
  const tags = [...declared.values()].filter((tag) => used.has(tag.name));
  for (const name of used) if (!declared.has(name)) tags.push({ name });
  forEachSchema(document, fixNullable);
  return { ...document, tags } as ReturnType<SwaggerTransformObject>;
};
