import type { TrackerRefusal } from '@ridealong/contracts';
import { IDLE_CONNECTION, type TrackerConnection } from '../../../stores/tracker';

/** What the Socket.IO socket and its manager report, reduced to what the panel shows. */
export type TrackerClientEvent =
  | { type: 'start' }
  | { type: 'connect' }
  | { type: 'reconnect_attempt'; attempt: number }
  | { type: 'reconnect_failed' }
  | { type: 'connect_error'; refusal: TrackerRefusal | null }
  | { type: 'disconnect'; reason: string };

/**
 * The next connection state. "Attempt n of 5" names the retry pending or under way: a failed
 * try (connect_error) moves on to the next number while the manager waits 1, 2, 4, 5, 5 s,
 * so every attempt, the fifth included, is on screen for its delay. reconnect_failed ends in
 * not_running. A refusal is final, as retrying cannot help.
 */
export function reduceConnection(
  conn: TrackerConnection,
  event: TrackerClientEvent,
): TrackerConnection {
  const tracker = { ...conn, source: 'tracker' as const };
  switch (event.type) {
    case 'start':
      return { ...tracker, status: 'connecting', attempt: 0, message: null };
    case 'connect':
      return { ...tracker, status: 'connected', attempt: 0, message: null };
    case 'reconnect_attempt':
      return { ...tracker, status: 'retrying', attempt: event.attempt, message: null };
    case 'reconnect_failed':
      return { ...tracker, status: 'not_running', attempt: 0, message: null };
    case 'connect_error': {
      if (event.refusal) {
        return { ...tracker, status: 'refused', attempt: 0, message: event.refusal.message };
      }
      if (conn.status !== 'connecting' && conn.status !== 'retrying') return conn;
      const attempt = Math.min(conn.attempt + 1, conn.maxAttempts);
      return { ...tracker, status: 'retrying', attempt, message: null };
    }
    case 'disconnect':
      if (event.reason === 'io client disconnect') return { ...IDLE_CONNECTION };
      // The tracker closed the socket on purpose: the manager will not reconnect by itself.
      if (event.reason === 'io server disconnect') {
        return { ...tracker, status: 'not_running', attempt: 0, message: null };
      }
      // A dropped link (tracker stopped, sleep): the manager's first retry is pending.
      return { ...tracker, status: 'retrying', attempt: 1, message: null };
  }
}

/** The refusal the tracker puts in connect_error's `data`, if that is what this error is. */
export function refusalOf(error: unknown): TrackerRefusal | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return null;
  const { reason, message } = data as { reason?: unknown; message?: unknown };
  if (reason !== 'origin_not_allowed') return null;
  return {
    reason,
    message: typeof message === 'string' && message ? message : 'This page is not allowed.',
  };
}
