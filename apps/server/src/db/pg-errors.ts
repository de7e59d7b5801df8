/** PostgreSQL's foreign_key_violation: a row names another that is gone (or never was). */
const FOREIGN_KEY_VIOLATION = '23503';

/** Whether `err` is a foreign_key_violation, as the driver throws it or as Drizzle wraps it (`cause`). */
export function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === FOREIGN_KEY_VIOLATION) return true;
  }
  return false;
}
