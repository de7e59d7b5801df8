/**
 * A client event's payload and acknowledgement, whichever way they came: Socket.IO passes the
 * acknowledgement as the last argument, so `emit(event, ack)` (no payload) puts it first.
 * Shared by every namespace's handlers.
 */
export function eventArgs(args: unknown[]): {
  payload: unknown;
  ack: ((a: unknown) => void) | null;
} {
  const last = args.at(-1);
  const ack = typeof last === 'function' ? (last as (a: unknown) => void) : null;
  return { payload: ack && args.length === 1 ? undefined : args[0], ack };
}
