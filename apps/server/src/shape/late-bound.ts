/**
 * A part a lower module uses at request time but a higher module supplies while it is built
 * (the Strava link of an activity, the challenges of a User answer): set once, read later.
 */
export type LateBound<T> = { set: (value: T) => void; get: () => T };

export function lateBound<T>(what: string): LateBound<T> {
  let value: { v: T } | null = null;
  return {
    set(v) {
      if (value) throw new Error(`${what} is set twice`);
      value = { v };
    },
    get() {
      if (!value) throw new Error(`${what} was never set: is its module in src/app-modules.ts?`);
      return value.v;
    },
  };
}
