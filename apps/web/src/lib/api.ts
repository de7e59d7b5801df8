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
 * The contract the answer must meet: the schema itself, which the answer is parsed with, or
 * `checkedByServer` for the answers of a guest's first load (the home page's lists and the
 * public config). Those are typed by the caller's explicit contract type and not parsed again
 * here: the server's serializer already parses every 200 with the same contract schema before
 * sending it, and zod would add 27 KB gzipped to the first load (issue 12's budget).
 */
export type SchemaOption<S extends z.ZodType> =
  { schema: S; checkedByServer?: never } | { checkedByServer: true; schema?: never };

type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = useUserStore.getState().user.token;
  if (token) headers[AUTH_TOKEN_HEADER] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // A revoked or expired session: the stored user is no longer signed in.
    if (res.status === 401 && token) useUserStore.getState().logout();
    // Loaded here, not imported: see lazySchemas.ts.
    const { lazySchemas } = await import('./lazySchemas');
    const failure = lazySchemas.failure.safeParse(json);
    throw new ApiError(res.status, failure.success ? failure.data.message : res.statusText, json);
  }
  if (options.schema)
    return { data: options.schema.parse(json) as z.infer<S>, headers: res.headers };
  // A 200 that is not JSON came from something between us and the server, not from it.
  if (json === null) throw new ApiError(res.status, 'The server sent an unreadable answer.');
  return { data: json as z.infer<S>, headers: res.headers };
}
