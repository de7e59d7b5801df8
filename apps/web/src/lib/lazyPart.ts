import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * A part of the app whose code loads when first needed (a drawer, a slider, a provider) and is
 * kept once it arrived. Not React.lazy: React holds back content revealed after a Suspense
 * fallback for up to 300 ms, a lag on a drawer's first opening that the old build did not have.
 */
export type LazyPart<T> = {
  /** Starts loading (once; again after a failure) and resolves with the part. */
  load: () => Promise<T>;
  /** The part once it arrived. */
  get: () => T | undefined;
  subscribe: (listener: () => void) => () => void;
};

export function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load: () =>
      (loading ??= importer().then(
        (part) => {
          value = part;
          // Synchronously: whoever awaits load() renders after the subscribers (confirmModals.tsx).
          listeners.forEach((notify) => notify());
          return part;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    get: () => value,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The part once loaded (whoever loaded it), loading it while `needed`. A failed load is thrown
 * during render, to the nearest error boundary, as React.lazy does.
 */
export function useLazyPart<T>(part: LazyPart<T>, needed: boolean): T | undefined {
  const value = useSyncExternalStore(part.subscribe, part.get);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (!needed || value !== undefined) return;
    part.load().catch((error: unknown) => setFailure({ error }));
  }, [needed, value, part]);
  if (failure) throw failure.error;
  return value;
}
