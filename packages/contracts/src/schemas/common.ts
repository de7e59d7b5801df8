import { z } from 'zod';

/** Every error answer of the API: a 4xx status with this body. */
export const failureSchema = z.object({
  status: z.literal('failure'),
  message: z.string(),
});
export type Failure = z.infer<typeof failureSchema>;

export const okSchema = z.object({ status: z.literal('success'), message: z.string().optional() });
export type Ok = z.infer<typeof okSchema>;

/** Numeric database id given in a path or body (strings are accepted and coerced). */
export const idSchema = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .positive('must be positive');

export const idParamsSchema = z.object({ id: idSchema });
