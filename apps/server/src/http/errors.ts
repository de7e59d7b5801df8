/** An error a route can throw to answer a 4xx (or 503) with `{ status: 'failure', message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in.') => new HttpError(401, message);
export const forbidden = (message = 'You may not change this.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unavailable = (message: string) => new HttpError(503, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    `Too many attempts. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
  );
