import type { z } from 'zod';
import { AUTH_TOKEN_HEADER } from '@ridealong/contracts';
import { useUserStore } from '../stores/user';

/** A 4xx/5xx answer of our API, carrying the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The parsed error body, for calls whose failures carry more than a message (coupon codes). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The contract the answer must meet: the schema itself, or a loader of it for code on the
 * first page load, which then carries no zod (the schema's chunk loads during the request).
 */
type SchemaOption<S extends z.ZodType> =
  { schema: S; loadSchema?: never } | { loadSchema: () => Promise<S>; schema?: never };

type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
} & SchemaOption<S>;

export type ApiResult<T> = { data: T; headers: Headers };

/** Calls /api/v1 with the session token and checks the answer against its contract. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<ApiResult<z.infer<S>>> {
  const { method = 'GET', body, query } = options;
  const contract = options.loadSchema ? options.loadSchema() : options.schema;
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useUserStore.getState().user.token;
  if (token) headers[AUTH_TOKEN_HEADER] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const [res, schema] = await Promise.all([
    fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    contract,
  ]);
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // A revoked or expired session: the stored user is no longer signed in.
    if (res.status === 401 && token) useUserStore.getState().logout();
    // Loaded here, not imported: see lazySchemas.ts.
    const { lazySchemas } = await import('./lazySchemas');
    const failure = lazySchemas.failure.safeParse(json);
    throw new ApiError(res.status, failure.success ? failure.data.message : res.statusText, json);
  }
  return { data: schema.parse(json) as z.infer<S>, headers: res.headers };
}
