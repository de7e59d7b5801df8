import { vi } from 'vitest';

/** Tests only: a stand-in for the API behind `fetch`, recording every call. */

export type ApiCall = { url: URL; method: string; path: string; body: unknown };
export type ApiAnswer = { status?: number; json: unknown };

export function fakeApi(answer: (call: ApiCall) => ApiAnswer): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      // JSON bodies are read back; others (FormData uploads) are kept as sent.
      const body: unknown =
        typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null);
      const call = {
        url,
        method: init?.method ?? 'GET',
        path: url.pathname.replace('/api/v1', ''),
        body,
      };
      calls.push(call);
      const { status = 200, json } = answer(call);
      return new Response(JSON.stringify(json), { status });
    }),
  );
  return { calls };
}

/** The API's failure body. */
export const failure = (status: number, message: string): ApiAnswer => ({
  status,
  json: { status: 'failure', message },
});
