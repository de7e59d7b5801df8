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

/**
 * As useLazyPart for a part a page needs at once, with two differences: the load is asked for
 * during the first render, not after its commit (the page's data may be here first, and would
 * wait for the module), and a failed load comes back as 'failed' for the page to say so in
 * place rather than lose the whole page to the error boundary.
 */
export function useLazyPartNow<T>(part: LazyPart<T>): T | 'failed' | undefined {
  const value = useSyncExternalStore(part.subscribe, part.get);
  // Settled to whether it failed, so a failure is never an unhandled rejection.
  const [request] = useState(() =>
    part.get() === undefined
      ? part.load().then(
          () => false,
          () => true,
        )
      : null,
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void request?.then((f) => live && f && setFailed(true));
    return () => {
      live = false;
    };
  }, [request]);
  return value ?? (failed ? 'failed' : undefined);
}
