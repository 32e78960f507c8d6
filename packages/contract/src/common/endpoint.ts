import type { z } from 'zod';
import type { Area } from './enums.ts';
import type { ErrorCode } from './errors.ts';

/**
 * One call of the API, declared once: the server registers its route from it (`route()` in
 * apps/server/src/shared/route.ts), the OpenAPI document describes it, and the web app takes its
 * path and input types from it (`requestOf()` in apps/web/src/shared/api/endpoint-request.ts).
 *
 *   export const CondominioApi = {
 *     get: endpoint({
 *       operationId: 'getCondominio',
 *       method: 'GET',
 *       path: '/api/condominio/:id',
 *       area: Area.Condominiums,
 *       summary: 'Dettaglio di un condominio',
 *       tags: ['condomini'],
 *       params: idParamSchema,
 *       response: condominioSchema,
 *       errors: [ErrorCode.NotFound],
 *     }),
 *   };
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: anyone, a logged-in account, or an account with the archive unlocked (default). */
export type EndpointAuth = 'none' | 'account' | 'archive';

export interface Endpoint {
  /** Unique name of the operation in the OpenAPI document (camelCase). */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** Fastify-style path: `/api/condominio/:id`. */
  readonly path: string;
  readonly summary: string;
  /** Longer OpenAPI description of the call, when the summary is not enough. */
  readonly description?: string;
  readonly tags: readonly string[];
  /** Default 'archive'. */
  readonly auth?: EndpointAuth;
  /**
   * The permission area (spec section 6) of an archive call; several when the call belongs to more
   * than one (a contact's attachments); omitted only for archive-wide calls.
   */
  readonly area?: Area | readonly Area[];
  /**
   * An account call that reads the archive of the X-Archive-Id header itself (before the archive is
   * unlocked): the OpenAPI document names the archive scheme too.
   */
  readonly archiveHeader?: boolean;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Schema of the envelope's `data` (for a paged list: of the array of items). */
  readonly response: z.ZodType;
  /** The success status: 200 (default), or 201 for a call that creates. */
  readonly status?: 200 | 201;
  /** A paged list: the answer carries `pagination` and the `x-pagination` header. */
  readonly paged?: boolean;
  /**
   * A call that answers with a file instead of the JSON envelope (its MIME type); `response` then
   * only documents the error side.
   */
  readonly produces?: string;
  /** A multipart/form-data call: `body` documents the fields, the handler reads the parts. */
  readonly multipart?: boolean;
  /** The catalogue codes this call answers besides validation (113) and authentication (111). */
  readonly errors?: readonly ErrorCode[];
}

/** Declares an endpoint, keeping its literal types (path, method, schemas) for both sides. */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the caller sends. */
export type EndpointParams<E extends Endpoint> = InputOf<E['params']>;
export type EndpointQuery<E extends Endpoint> = InputOf<E['query']>;
export type EndpointBody<E extends Endpoint> = InputOf<E['body']>;
/** What the handler receives, after validation (defaults applied). */
export type EndpointParsedParams<E extends Endpoint> = OutputOf<E['params']>;
export type EndpointParsedQuery<E extends Endpoint> = OutputOf<E['query']>;
export type EndpointParsedBody<E extends Endpoint> = OutputOf<E['body']>;
/** The envelope's `data`. */
export type EndpointData<E extends Endpoint> = z.output<E['response']>;
/** One item of a paged list. */
export type EndpointItem<E extends Endpoint> = EndpointData<E> extends readonly (infer I)[] ? I : never;

/** The path of a call with its parameters filled in (each encoded). */
export function pathOf(declaration: Pick<Endpoint, 'path'>, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return declaration.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
