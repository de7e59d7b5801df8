import type { RidePoint } from '@ridealong/contracts';
import type {
  RideAnswer,
  RideEventName,
  RidePayload,
  RideTransport,
} from '../features/videos/ride/rideSocket';

/**
 * A '/ride' channel double that answers what a ride asks as the contract does (track 41, every
 * pushed second stored, no road, no other riders) and records each request and pushed point.
 * The session's own logic runs unchanged against it.
 */
export class AnsweringRideChannel implements RideTransport {
  calls: Array<{ event: RideEventName; payload: unknown }> = [];
  points: RidePoint[] = [];
  private connects = new Set<() => void>();

  async request<K extends RideEventName>(event: K, payload: RidePayload<K>) {
    this.calls.push({ event, payload });
    return this.answer(event, payload) as RideAnswer<K>;
  }

  private answer(event: RideEventName, payload: unknown): unknown {
    if (event === 'add-track')
      return { ok: true, track_id: 41, client_ride_id: 'x', last_elapsed_time: -1 };
    if (event === 'push-points') {
      const { points } = payload as { points: RidePoint[] };
      this.points.push(...points);
      return { ok: true, track_id: 41, stored: points.map((p) => p.elapsed_time) };
    }
    if (event === 'control-request') return { ok: true, start: 0, controls: [] };
    if (event === 'history-leaderboard') return { ok: true, start: 0, leaderboard: [] };
    if (event === 'stop-track') return { ok: true, track_id: 41, saved: true, track: null };
    return { ok: true, race_id: 7, url: 'demo', title: 'Demo', duration: 60 };
  }

  onConnect(listener: () => void) {
    this.connects.add(listener);
    return () => void this.connects.delete(listener);
  }
  onDisconnect() {
    return () => undefined;
  }
  connected() {
    return true;
  }
  retryNow() {}
  close() {}
  /** The payloads of every request of one event, in order. */
  of(event: RideEventName) {
    return this.calls.filter((c) => c.event === event).map((c) => c.payload);
  }
}
