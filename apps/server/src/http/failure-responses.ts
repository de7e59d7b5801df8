import { failureSchema } from '@ridealong/contracts';

/** The response schemas of the given error codes, each the shared failure body. */
export type FailureResponses<C extends number> = { [K in C]: typeof failureSchema };

/**
 * One map of error responses for a route's schema, so routes list the codes they document
 * instead of repeating `{ 400: failureSchema, ... }`. The `const` parameter keeps the literal
 * codes, so Fastify's type provider sees exactly the keys it saw from a written-out map.
 */
export function failureResponses<const C extends readonly number[]>(
  ...codes: C
): FailureResponses<C[number]> {
  return Object.fromEntries(codes.map((code) => [code, failureSchema])) as FailureResponses<
    C[number]
  >;
}
