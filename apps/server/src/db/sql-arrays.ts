import { sql, type SQL } from 'drizzle-orm';

/**
 * A PostgreSQL array literal of numbers sent as one text parameter (`'{1,2,3}'::int[]`): one
 * parameter whatever the length, where a parameter per value would make long statements slow
 * to build and plan. Every value goes through Number, so nothing but digits, signs, dots and
 * exponents reaches the literal.
 */
export function numberArray(values: readonly number[], type: 'int' | 'float8' = 'int'): SQL {
  return sql`${`{${values.map(Number).join(',')}}`}::${sql.raw(type)}[]`;
}
