/**
 * Shares reads of one key among callers without ever answering a caller with a read that began
 * before it asked: a caller joins the read that has not started yet, or else queues the next
 * one, which starts when the running one ends. A thousand joins of one event within a second
 * then read its room state a handful of times instead of a thousand, and each joiner's state
 * is still read after its socket entered the room (a Start meanwhile is in it or reaches it).
 */
export function freshReads<K, V>(read: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const pending = new Map<K, Promise<V>>();
  const running = new Map<K, Promise<unknown>>();
  return (key) => {
    const waiting = pending.get(key);
    if (waiting) return waiting;
    const before = running.get(key) ?? Promise.resolve();
    const next = before.then(() => {
      pending.delete(key);
      return read(key);
    });
    pending.set(key, next);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    running.set(key, settled);
    void settled.then(() => {
      if (running.get(key) === settled) running.delete(key);
    });
    return next;
  };
}
