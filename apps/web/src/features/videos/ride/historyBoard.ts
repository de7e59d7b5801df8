import type { LeaderboardEntry, RidePoint } from '@ridealong/contracts';
import type { RideSessionDeps } from './rideSnapshot';
import { unwrap } from './rideSocket';

/**
 * A steady ride's per-second history leaderboard (a reactive ride has ghosts instead): one
 * request at a time, at most one per second of video.
 */
export class HistoryBoard {
  private second = -1;
  private busy = false;

  constructor(private readonly deps: Pick<RideSessionDeps, 'race' | 'transport'>) {}

  /**
   * Asks for the board at `point`'s second; `onOthers` gets everyone but the rider's own track
   * (`trackId` read again at the answer: add-track may have answered meanwhile).
   */
  ask(
    point: RidePoint,
    trackId: () => number | null,
    onOthers: (others: LeaderboardEntry[]) => void,
  ): void {
    if (this.busy || point.elapsed_time === this.second) return;
    this.busy = true;
    this.second = point.elapsed_time;
    this.deps.transport
      .request('history-leaderboard', {
        raceUrl: this.deps.race.url,
        elapsed_time: point.elapsed_time,
        track_id: trackId() ?? undefined,
        // The sum at this very second: the server would otherwise place the rider from the
        // last pushed batch, up to 10 s old.
        accumulated_power: point.accumulated_power,
      })
      .then((answer) => {
        const own = trackId();
        onOthers(unwrap(answer).leaderboard.filter((e) => e.track_id !== own));
      })
      .catch(() => undefined) // the next second asks again
      .finally(() => {
        this.busy = false;
      });
  }
}
