import type { z } from 'zod';
import { AUTH_TOKEN_HEADER, failureSchema } from '@ridealong/contracts';
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

type RequestOptions<S extends z.ZodType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  schema: S;
};

export type ApiResult<T> = { data: T; headers: Headers };

/** Calls /api/v1 with the session token and checks the answer against its contract. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  { method = 'GET', body, query, schema }: RequestOptions<S>,
): Promise<ApiResult<z.infer<S>>> {
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
    const failure = failureSchema.safeParse(json);
    // A revoked or expired session: the stored user is no longer signed in.
    if (res.status === 401 && token) useUserStore.getState().logout();
    throw new ApiError(res.status, failure.success ? failure.data.message : res.statusText, json);
  }
  return { data: schema.parse(json) as z.infer<S>, headers: res.headers };
}
