/**
 * Imports an optional native package at run time. The specifier is a variable on purpose:
 * the tracker must type-check, bundle and run where the package (or its native part) is missing.
 */
export async function importOptional(specifier: string): Promise<Record<string, unknown>> {
  const mod: unknown = await import(specifier);
  if (typeof mod !== 'object' || mod === null) {
    throw new Error(`${specifier} did not load as a module`);
  }
  return mod as Record<string, unknown>;
}

/** A named export that must be a class or function; throws naming what is missing. */
export function exportedFunction(
  mod: Record<string, unknown>,
  name: string,
  from: string,
): unknown {
  const value = mod[name];
  if (typeof value !== 'function') throw new Error(`${from} has no ${name}`);
  return value;
}
