import { describe, expect, expectTypeOf, it } from 'vitest';
import { failureSchema } from '@ridealong/contracts';
import { failureResponses } from './failure-responses.js';

describe('failureResponses', () => {
  it('maps exactly the listed codes to the failure schema', () => {
    const errors = failureResponses(400, 404, 429);
    expect(errors).toEqual({ 400: failureSchema, 404: failureSchema, 429: failureSchema });
    expect(Object.keys(errors)).toEqual(['400', '404', '429']);
    expect(errors[404]).toBe(failureSchema);
  });

  it('types the map with the literal codes only', () => {
    const errors = failureResponses(401, 503);
    expectTypeOf(errors).toEqualTypeOf<{
      401: typeof failureSchema;
      503: typeof failureSchema;
    }>();
  });

  it('is empty for no codes', () => {
    expect(failureResponses()).toEqual({});
  });
});
