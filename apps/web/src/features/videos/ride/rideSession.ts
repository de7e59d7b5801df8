import {
  RIDE,
  type SummaryPoint,
  type LeaderboardEntry,
  type RidePoint,
  type TrackerData,
  type TrackSaved,
} from '@ridealong/contracts';
import { ensureTrack, finishRide, pushVia } from './finishRide';
import { withLiveRider } from './liveLeaderboard';
import { flushPoints } from './pointBuffer';
import {
  initialRecorder,
  lastVideoSecond,
  placeholderDue,
  recordPlaceholder,
  recordSample,
  type RecorderState,
} from './recorder';
import { retryDelayMs } from '../../../lib/retryPolicy';
import { EMPTY_RIDE_SNAPSHOT, type RideSessionDeps, type RideSnapshot } from './rideSnapshot';
import { unwrap } from './rideSocket';
import { SlopeSteering } from './rideSteering';

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
  private recorded: readonly SummaryPoint[] = [];
  /** Slope control: the road asked ahead and sent to the trainer. */
  private readonly steering: SlopeSteering;
  private trackId: number | null = null;
  private writes: Promise<void> = Promise.resolve();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private pushedWindow = -1;
  private boardSecond = -1;
  private boardBusy = false;
  /** Counts attaches: only the latest one's answer counts (an older one may be from before a drop). */
  private attachRound = 0;
  private attachFailures = 0;
  private attachTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly listeners = new Set<() => void>();
  private readonly offTransport: Array<() => void>;
  private snapshot: RideSnapshot;

  constructor(private readonly deps: RideSessionDeps) {
    this.recorder = initialRecorder();
    this.snapshot = EMPTY_RIDE_SNAPSHOT;
    this.steering = new SlopeSteering(deps, (e) => this.fail(e));
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

  /** Keeps the ride locally, then announces the race and the track. */
  async begin(startedAt: number): Promise<void> {
    const { race, rider, clientRideId, buffer, transport } = this.deps;
    this.writes = buffer.putRide({
      client_ride_id: clientRideId,
      race_url: race.url,
      race_id: race.id,
      user_id: rider.id,
      title: race.title,
      track_id: null,
      started_at: startedAt,
      accumulated_power: 0,
      last_elapsed: -1,
    });
    await this.writes;
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
   * sample (and when it came). Makes at most one point per new second of video.
   */
  tick(videoTime: number, now: number, sample: Sample | null, sampleAt: number | null): void {
    const fresh = sample !== null && !placeholderDue(sampleAt, now);
    const result = fresh
      ? recordSample(this.recorder, sample, videoTime, now)
      : recordPlaceholder(this.recorder, videoTime, now);
    this.recorder = result.state;
    this.steer(videoTime);
    const point = result.point;
    if (!point) return;
    const { buffer, clientRideId } = this.deps;
    this.writes = this.writes
      .then(() => buffer.addPoint(clientRideId, point))
      .catch((e: unknown) => this.fail(e));
    const road = this.steering.roadAt(point.elapsed_time);
    // A new array each second (a copy is microseconds even at 6 hours), so a snapshot holds
    // what was recorded when it was taken.
    this.recorded = [...this.recorded, { ...point, grade: road ? road.slope : null }];
    this.update({
      accumulatedPower: this.recorder.accumulatedPower,
      elapsedSeconds: point.elapsed_time + 1,
      distance: this.recorder.distance,
      lastPoint: point,
      recorded: this.recorded,
      leaderboard: this.withSelf(this.snapshot.leaderboard, point),
    });
    const window = Math.floor(point.elapsed_time / RIDE.pushIntervalSeconds);
    if (window > this.pushedWindow) {
      this.pushedWindow = window;
      if (point.elapsed_time > 0) this.flush();
    }
    this.askLeaderboard(point);
  }

  /**
   * The video ended at `endTime`: records its last second when the samples stopped short of
   * it (lastVideoSecond), with the latest sample, as a tick would have.
   */
  end(endTime: number, now: number, sample: Sample | null, sampleAt: number | null): void {
    const last = lastVideoSecond(endTime, this.deps.race.duration);
    if (last > this.recorder.lastSecond) this.tick(last, now, sample, sampleAt);
  }

  /** Slope control at `videoTime`, and the slope shown. */
  private steer(videoTime: number): void {
    const slope = this.steering.steer(videoTime);
    if (slope === undefined) return; // a video without slope data
    if (slope !== this.snapshot.slope) this.update({ slope });
  }

  private askLeaderboard(point: RidePoint): void {
    if (this.boardBusy || point.elapsed_time === this.boardSecond) return;
    this.boardBusy = true;
    this.boardSecond = point.elapsed_time;
    this.deps.transport
      .request('history-leaderboard', {
        raceUrl: this.deps.race.url,
        elapsed_time: point.elapsed_time,
        track_id: this.trackId ?? undefined,
        // The sum at this very second: the server would otherwise place the rider from the
        // last pushed batch, up to 10 s old.
        accumulated_power: point.accumulated_power,
      })
      .then((answer) => {
        const others = unwrap(answer).leaderboard.filter((e) => e.track_id !== this.trackId);
        const self = this.snapshot.lastPoint ?? point;
        this.update({ leaderboard: this.withSelf(others, self) });
      })
      .catch(() => undefined) // the next second asks again
      .finally(() => {
        this.boardBusy = false;
      });
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
