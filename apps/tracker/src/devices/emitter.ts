type Listeners<E extends { [K in keyof E]: unknown[] }> = {
  [K in keyof E]?: Set<(...args: E[K]) => void>;
};

/**
 * A small typed event emitter. Listener errors are reported, not thrown: events arrive from
 * radio callbacks and timers, where a throw would take the whole service down.
 */
export class Emitter<E extends { [K in keyof E]: unknown[] }> {
  private listeners: Listeners<E> = {};

  on<K extends keyof E>(event: K, fn: (...args: E[K]) => void): () => void {
    const set = (this.listeners[event] ??= new Set());
    set.add(fn);
    return () => void set.delete(fn);
  }

  protected emit<K extends keyof E>(event: K, ...args: E[K]): void {
    for (const fn of [...(this.listeners[event] ?? [])]) {
      try {
        fn(...args);
      } catch (e) {
        console.error(`A listener for '${String(event)}' failed:`, e);
      }
    }
  }

  protected removeAllListeners(): void {
    this.listeners = {};
  }
}
