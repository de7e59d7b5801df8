import {
  RIDE,
  type LeaderboardEntry,
  type RidePoint,
  type TrackerData,
  type TrackSaved,
} from '@ridealong/contracts';
import { ensureTrack, finishRide, pushVia } from './finishRide';
import { withLiveRider } from './liveLeaderboard';
import { flushPoints } from './pointBuffer';
import { newKeptRide, startOf } from './keptRide';
import { readEarlierSeconds } from './resumedRecord';
import {
  lastVideoSecond,
  placeholderDue,
  recordPlaceholder,
  recordSample,
  type RecorderState,
} from './recorder';
import { retryDelayMs } from '../../../lib/retryPolicy';
import type { RideSessionDeps, RideSnapshot } from './rideSnapshot';
import { unwrap } from './rideSocket';
import { HistoryBoard } from './historyBoard';
import { RideRoad } from './rideRoad';
import { finishSecond, recordVirtual, type VirtualPosition } from './reactive/virtualRecorder';

export {
  EMPTY_RIDE_SNAPSHOT,
  type RideRace,
  type RideRider,
  type RideSessionDeps,
  type RideSnapshot,
} from './rideSnapshot';

type Sample = Pick<TrackerData, 'power' | 'cadence' | 'heart_rate' | 'speed' | 'distance'>;

/**
 * One ride on the video page: records tracker samples second by second into the durable point
 * buffer, pushes them every 10 s of video (and everything unconfirmed after a reconnect), asks
 * for slope control and the per-second leaderboard, and ends with a save or a discard.
 */
export class RideSession {
  private recorder: RecorderState;
  /** Slope control (by the video's time, or a reactive rider's distance) sent to the trainer. */
  private readonly road: RideRoad;
  private readonly board: HistoryBoard;
  private trackId: number | null = null;
  private writes: Promise<void> = Promise.resolve();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private pushedWindow: number;
  /** Counts attaches: only the latest one's answer counts (an older one may be from before a drop). */
  private attachRound = 0;
  private attachFailures = 0;
  private attachTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly listeners = new Set<() => void>();
  private readonly offTransport: Array<() => void>;
  private snapshot: RideSnapshot;

  constructor(private readonly deps: RideSessionDeps) {
    // A resumed ride goes on after its last kept second, with its totals and distance.
    const start = startOf(deps.resume);
    this.recorder = start.recorder;
    this.snapshot = start.snapshot;
    this.pushedWindow = start.pushedWindow;
    this.road = new RideRoad(deps, (e) => this.fail(e));
    this.board = new HistoryBoard(deps);
    this.offTransport = [
      // On every connection the track is asked for with the same client_ride_id (the server
      // answers the same track, idempotently), then every unconfirmed point is sent.
      deps.transport.onConnect(() => void this.attach()),
      deps.transport.onDisconnect(() => {
        clearTimeout(this.attachTimer);
        if (this.snapshot.linked) this.update({ linked: false });
      }),
    ];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RideSnapshot => this.snapshot;

  private update(patch: Partial<RideSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private fail(error: unknown): void {
    this.update({ problem: error instanceof Error ? error.message : String(error) });
  }

  /** Keeps the ride locally (a resumed one is kept already), then announces the race and the track. */
  async begin(startedAt: number): Promise<void> {
    const { race, rider, buffer, transport, resume } = this.deps;
    if (!resume) this.writes = buffer.putRide(newKeptRide(this.deps, startedAt));
    await this.writes;
    // A resumed ride's summary counts its seconds before the reload too: in front of the later
    // ones recorded here (resumedRecord.ts).
    if (resume)
      await readEarlierSeconds(resume, buffer, this.road, (earlier) =>
        this.update({ recorded: [...earlier, ...this.snapshot.recorded] }),
      );
    transport
      .request('initialize-race', {
        url: race.url,
        userId: rider.id,
        slope_source_id: race.slope_source_id,
      })
      .then(unwrap)
      .catch((e: unknown) => this.fail(e));
    await this.attach();
  }

  /**
   * add-track (same client_ride_id every time), then the points the server lacks. A failure is
   * asked again with the app's backoff while connected: a server just restarted may not answer
   * at once, and the ride waits for this before it goes on.
   */
  private async attach(): Promise<void> {
    const { buffer, clientRideId, transport, rider } = this.deps;
    clearTimeout(this.attachTimer);
    const round = ++this.attachRound;
    const current = () => !this.disposed && round === this.attachRound;
    try {
      const ride = await buffer.getRide(clientRideId);
      if (!ride || !current()) return;
      // Asked even when known: a reconnect may land on another server process.
      const trackId = await ensureTrack(
        transport,
        buffer,
        { ...ride, track_id: null },
        rider.username,
      );
      if (!current()) return;
      this.trackId = trackId;
      this.attachFailures = 0;
      this.update({ trackId: this.trackId, problem: null, linked: transport.connected() });
      this.flush();
    } catch (e) {
      if (!current()) return;
      this.fail(e);
      if (!transport.connected()) return; // the next connect attaches again
      this.attachTimer = setTimeout(() => void this.attach(), retryDelayMs(this.attachFailures++));
    }
  }

  /**
   * Called several times a second while recording, with the video time and the latest tracker
   * sample (and when it came). Makes at most one point per new second of video; in a reactive
   * ride (`position` given) one per new second of the ride, at the rider's virtual place, with
   * the slope by the rider's distance and no history leaderboard (ghosts replace it).
   */
  tick(
    videoTime: number,
    now: number,
    sample: Sample | null,
    sampleAt: number | null,
    position?: VirtualPosition,
  ): void {
    const fresh = sample !== null && !placeholderDue(sampleAt, now);
    const result = position
      ? recordVirtual(this.recorder, fresh ? sample : null, position, videoTime, now)
      : fresh
        ? recordSample(this.recorder, sample, videoTime, now)
        : recordPlaceholder(this.recorder, videoTime, now);
    this.recorder = result.state;
    this.steer(videoTime, now, position);
    const point = result.point;
    if (!point) {
      // The virtual rider moves between seconds: the distance shown follows every tick.
      if (position && this.snapshot.distance !== this.recorder.distance)
        this.update({ distance: this.recorder.distance });
      return;
    }
    const { buffer, clientRideId } = this.deps;
    this.writes = this.writes
      .then(() => buffer.addPoint(clientRideId, point))
      .catch((e: unknown) => this.fail(e));
    const grade = this.road.gradeAt(point.elapsed_time, position);
    this.update({
      accumulatedPower: this.recorder.accumulatedPower,
      elapsedSeconds: point.elapsed_time + 1,
      distance: this.recorder.distance,
      lastPoint: point,
      // A new array each second (a copy is microseconds even at 6 hours), so a snapshot holds
      // what was recorded when it was taken.
      recorded: [...this.snapshot.recorded, { ...point, grade }],
      leaderboard: this.withSelf(this.snapshot.leaderboard, point),
    });
    const window = Math.floor(point.elapsed_time / RIDE.pushIntervalSeconds);
    if (window > this.pushedWindow) {
      this.pushedWindow = window;
      if (point.elapsed_time > 0) this.flush();
    }
    if (!position) this.askLeaderboard(point);
  }

  /**
   * The video ended at `endTime`: records its last second when the samples stopped short of
   * it (lastVideoSecond), with the latest sample, as a tick would have.
   */
  end(endTime: number, now: number, sample: Sample | null, sampleAt: number | null): void {
    const last = lastVideoSecond(endTime, this.deps.race.duration);
    if (last > this.recorder.lastSecond) this.tick(last, now, sample, sampleAt);
  }

  /**
   * A reactive rider reached the route's end: records that moment (the route's whole distance)
   * in its own ride second, or the next when that one was recorded already.
   */
  finish(
    videoTime: number,
    now: number,
    sample: Sample | null,
    sampleAt: number | null,
    position: VirtualPosition,
  ): void {
    const rideTime = finishSecond(this.recorder, position.rideTime);
    this.tick(videoTime, now, sample, sampleAt, { ...position, rideTime });
  }

  /** Slope control at `videoTime` (a reactive ride's: at the rider's distance), and the slope shown. */
  private steer(videoTime: number, now: number, position?: VirtualPosition): void {
    const slope = this.road.steer(videoTime, now, position);
    if (slope === undefined) return; // a video without slope data
    if (slope !== this.snapshot.slope) this.update({ slope });
  }

  private askLeaderboard(point: RidePoint): void {
    this.board.ask(
      point,
      () => this.trackId,
      (others) =>
        this.update({ leaderboard: this.withSelf(others, this.snapshot.lastPoint ?? point) }),
    );
  }

  private withSelf(entries: readonly LeaderboardEntry[], point: RidePoint): LeaderboardEntry[] {
    return withLiveRider(entries, point, this.deps.rider, this.deps.race.url, this.trackId);
  }

  /** Pushes every unconfirmed point; one flush at a time, a request meanwhile runs after it. */
  private flush(): void {
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    const trackId = this.trackId;
    if (trackId === null) return; // sent once add-track answers
    const { buffer, clientRideId, transport } = this.deps;
    this.flushing = this.writes
      .then(() => flushPoints(buffer, clientRideId, pushVia(transport, trackId)))
      .then(() => {
        if (this.snapshot.problem) this.update({ problem: null });
      })
      .catch((e: unknown) => this.fail(e))
      .finally(() => {
        this.flushing = null;
        if (this.flushAgain) {
          this.flushAgain = false;
          this.flush();
        }
      });
  }

  /** Saves (final points, then stop-track) or discards the ride; throws when that failed. */
  async stop(discard: boolean): Promise<TrackSaved | null> {
    await this.writes;
    await this.flushing;
    const { transport, buffer, clientRideId, rider } = this.deps;
    return finishRide(transport, buffer, clientRideId, {
      discard,
      stravaAutoSave: rider.stravaAutoSave,
    });
  }

  /**
   * Discards the ride in this browser only, for a rider who discards while the server is away.
   * The server's copy is an unsaved recording no one sees.
   */
  async forget(): Promise<null> {
    await this.writes;
    await this.deps.buffer.remove(this.deps.clientRideId);
    return null;
  }

  /** Stops listening; the local copy stays for a resume offer unless the ride was stopped. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.attachTimer);
    for (const off of this.offTransport) off();
    this.listeners.clear();
  }
}
