import type { FetchArgs } from '@reduxjs/toolkit/query';
import {
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  pathOf,
} from '@stabile/contract';

type Field<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

/**
 * The input of a declared call: its path parameters, query and body, each typed by the contract (a
 * multipart call's body is the FormData of the fields its schema documents).
 */
export type EndpointInput<E extends Endpoint> = Field<'params', EndpointParams<E>> &
  Field<'query', EndpointQuery<E>> &
  Field<'body', E['multipart'] extends true ? FormData : EndpointBody<E>>;

/**
 * The request of a declared call for RTK Query: path, method, query and body come from the contract's
 * declaration, so no `/api/...` string is written in the web app.
 *
 *   query: (id) => requestOf(CondominioApi.get, { params: { id } }),
 */
export function requestOf<E extends Endpoint>(declaration: E, input: EndpointInput<E>): FetchArgs {
  const { params, query, body } = input as {
    params?: object;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const args: FetchArgs = { url: pathOf(declaration, params), method: declaration.method };
  if (query) {
    // Only what has a value goes on the URL (an empty search is not sent).
    args.params = Object.fromEntries(
      Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    );
  }
  if (body !== undefined) args.body = body;
  return args;
}
