import {
  type Endpoint,
  type EndpointAuth,
  type EndpointData,
  type EndpointItem,
  type EndpointParsedBody,
  type EndpointParsedParams,
  type EndpointParsedQuery,
  envelopeSchema,
  errorCatalogue,
  errorEnvelopeSchema,
} from '@stabile/contract';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../app.ts';
import { ok, paged } from './envelope.ts';
import { type Scope, scopeOf } from './scope.ts';

/** What a paged call's handler returns: the page's items and the (possibly capped) total. */
export interface PageResult<T> {
  items: T[];
  totalCount: number;
  capped?: boolean;
}

type Result<E extends Endpoint> = E['paged'] extends true ? PageResult<EndpointItem<E>> : EndpointData<E>;

export interface RouteInput<E extends Endpoint> {
  params: EndpointParsedParams<E>;
  query: EndpointParsedQuery<E>;
  body: EndpointParsedBody<E>;
  /** The archive scope (archive calls only; reading it on another call throws 111). */
  readonly scope: Scope;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler returns the envelope's data (or a page of items for a paged call) and the helper sends
 * the envelope. A handler that answers with a file sends it on `reply` and returns the reply.
 */
export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Promise<Result<E> | FastifyReply>;

/**
 * The OpenAPI security of an auth level: a public call needs nothing, an account call the bearer
 * token, an archive call the bearer token and the `X-Archive-Id` header (schemes of app.ts).
 */
const SECURITY = {
  none: [],
  account: [{ bearer: [] }],
  archive: [{ bearer: [], archive: [] }],
} as const satisfies Record<EndpointAuth, readonly Record<string, readonly string[]>[]>;

/**
 * The HTTP statuses of a call's error answers: validation (113) always, authentication (111) unless
 * public, the permission area (120) when it has one, and the catalogue codes it declares.
 */
function errorStatusesOf(auth: EndpointAuth, hasArea: boolean, errors: readonly number[] = []): number[] {
  const codes = new Set<number>([113, ...errors]);
  if (auth !== 'none') codes.add(111);
  if (hasArea) codes.add(120);
  const statuses = new Set<number>();
  for (const code of codes) {
    const status = errorCatalogue[code as keyof typeof errorCatalogue]?.status;
    if (status) statuses.add(status);
  }
  return [...statuses];
}

/** The OpenAPI answers of a call: its data (200 or 201), the catalogue's error envelope per status. */
function responsesOf(declaration: Endpoint) {
  const responses: Record<number, unknown> = {};
  if (!declaration.produces) responses[declaration.status ?? 200] = envelopeSchema(declaration.response);
  const statuses = errorStatusesOf(
    declaration.auth ?? 'archive',
    Boolean(declaration.area),
    declaration.errors,
  );
  for (const status of statuses) responses[status] = errorEnvelopeSchema;
  return responses;
}

/** What only the server knows of a route: its rate limit, an archive call allowed on an old revision. */
export interface RouteOptions {
  config?: Omit<FastifyContextConfig, 'auth' | 'area'>;
}

/**
 * Registers the route of one declared endpoint: method, path, schemas, auth level, area and the
 * OpenAPI description all come from the declaration.
 */
export function route<E extends Endpoint>(
  app: AppInstance,
  declaration: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
): void {
  const auth = declaration.auth ?? 'archive';
  const security = auth === 'account' && declaration.archiveHeader ? SECURITY.archive : SECURITY[auth];
  app.route({
    method: declaration.method,
    url: declaration.path,
    config: { ...options.config, auth, ...(declaration.area ? { area: declaration.area } : {}) },
    schema: {
      operationId: declaration.operationId,
      summary: declaration.summary,
      ...(declaration.description ? { description: declaration.description } : {}),
      tags: [...declaration.tags],
      security: [...security],
      ...(declaration.params ? { params: declaration.params } : {}),
      ...(declaration.query ? { querystring: declaration.query } : {}),
      ...(declaration.body && !declaration.multipart ? { body: declaration.body } : {}),
      ...(declaration.produces ? { produces: [declaration.produces] } : {}),
      response: responsesOf(declaration),
    },
    handler: async (request, reply) => {
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        get scope() {
          return scopeOf(request);
        },
      } as RouteInput<E>;
      const result = await handler(input);
      // A handler that sent the reply itself (a PDF, a file) returns it; awaiting a reply waits for
      // the response to end and gives undefined, so `reply.sent` says it is done.
      if (result === reply || reply.sent) return reply;
      if (declaration.status) reply.code(declaration.status);
      if (declaration.paged) {
        const page = result as PageResult<unknown>;
        const q = request.query as { pageNumber: number; pageSize: number };
        return paged(reply, page.items, q, page.totalCount, page.capped);
      }
      return ok(reply, result);
    },
  });
}
