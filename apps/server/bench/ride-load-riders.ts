import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { insertSavedRides } from './database.js';
import type { RideSocket } from './ride-socket.js';

/**
 * The ride-load bench's riders (bench/ride-load.bench.ts): its video with earlier saved rides,
 * and a rider doing what the ride page does, second after second, one phase at a time.
 */

export const VIDEO_SECONDS = 300;
const ACK_MS = 10_000;

/** `users` members (ids 2..), one video of VIDEO_SECONDS, `rides` earlier saved rides of it. */
export async function seedRideLoad(client: pg.Client, users: number, rides: number): Promise<void> {
  await client.query(`
    insert into users (email, username, display_name, email_verified)
    select 'rider' || i || '@bench.test', 'rider' || i, 'Rider ' || i, true
      from generate_series(1, ${users + 1}) i`);
  await client.query(`
    insert into races (url, title, user_id, status, duration, slope_source_id)
    values ('bench-video', 'Bench video', 1, 'ready', ${VIDEO_SECONDS}, 2)`);
  await client.query(`
    insert into race_slope_points (race_id, second, distance, elevation, speed, slope)
    select 1, s, s * 8, 100, 8, (s % 10) - 5 from generate_series(0, ${VIDEO_SECONDS}) s`);
  await insertSavedRides(
    client,
    `
    insert into tracks (user_id, race_id, race_url, title, client_ride_id, status, started_at,
                        last_elapsed_time)
    select 2 + i % ${users}, 1, 'bench-video', 'Bench video', 'history-' || i, 'saved',
           now() - make_interval(mins => i),
           case when i % 5 = 0 then ${VIDEO_SECONDS / 2 - 1} else ${VIDEO_SECONDS - 1} end
      from generate_series(1, ${rides}) i`,
  );
  await client.query(`
    insert into track_points (track_id, race_id, elapsed_time, accumulated_power, power,
                              heart_rate, cadence, distance, speed, recorded_at)
    select t.id, 1, s, (s + 1) * (100 + (t.id * 7919) % 300), 100 + (t.id * 7919) % 300, 140, 90,
           s * 8, 8, t.started_at + make_interval(secs => s)
      from tracks t cross join generate_series(0, t.last_elapsed_time) s`);
  await client.query('vacuum analyze track_points');
  await client.query('vacuum analyze tracks');
}

export type Timings = {
  history: number[];
  push: number[];
  control: number[];
  /** Each rider's first answer, at a second the process had not built yet. */
  join: number[];
  errors: string[];
};

export const noTimings = (): Timings => ({
  history: [],
  push: [],
  control: [],
  join: [],
  errors: [],
});

/** Times one request into `into`; a refusal or a timeout is an error. */
async function timed<T extends { ok: boolean }>(
  out: Timings,
  into: number[],
  run: () => Promise<T>,
): Promise<T | null> {
  const start = performance.now();
  try {
    const answer = await run();
    into.push(performance.now() - start);
    if (!answer.ok) out.errors.push(JSON.stringify(answer).slice(0, 200));
    return answer;
  } catch (e) {
    out.errors.push(String(e));
    return null;
  }
}

/** A rider on its page: the second of video it is at, its power, when in 10 s it pushes. */
export type Rider = {
  socket: RideSocket;
  trackId: number;
  at: number;
  from: number;
  watts: number;
  pushPhase: number;
};

/**
 * A rider opens the ride page: add-track at a place in the video with room for `seconds` more,
 * and a first leaderboard (timed into `out.join`).
 */
export async function joinRide(
  socket: RideSocket,
  userId: number,
  seconds: number,
  out: Timings,
): Promise<Rider> {
  const added = await socket.timeout(ACK_MS).emitWithAck('add-track', {
    race_id: 1,
    race_url: 'bench-video',
    user_id: userId,
    client_ride_id: randomUUID(),
  });
  if (!added.ok) throw new Error(added.message);
  const from = Math.floor(Math.random() * (VIDEO_SECONDS - seconds - 10));
  const rider: Rider = {
    socket,
    trackId: added.track_id,
    at: from,
    from,
    watts: 100 + Math.random() * 300,
    pushPhase: Math.floor(Math.random() * 10),
  };
  await timed(out, out.join, () =>
    socket.timeout(ACK_MS).emitWithAck('history-leaderboard', {
      raceUrl: 'bench-video',
      elapsed_time: rider.from,
      track_id: rider.trackId,
    }),
  );
  return rider;
}

/** The 10 points of the seconds up to `second`, as the page pushes them. */
function pointsUpTo(r: Rider, second: number) {
  const now = Date.now();
  return Array.from({ length: 10 }, (_, i) => {
    const s = second - 9 + i;
    return {
      elapsed_time: s,
      accumulated_power: (s - r.from + 1) * r.watts,
      power: r.watts,
      heart_rate: 140,
      cadence: 90,
      distance: (s - r.from) * 8,
      speed: 8,
      timestamp: now - (9 - i) * 1000,
    };
  });
}

/**
 * `seconds` more of the ride page: every second a leaderboard, every 10 s of the rider's own
 * seconds a push and a control request. Riders started at different times: each keeps its own
 * phase within the second (a random start) and pushes in its own second of the 10.
 */
export async function rideOn(r: Rider, seconds: number, out: Timings): Promise<void> {
  const { socket, trackId } = r;
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
  const began = performance.now();
  for (let k = 0; k < seconds; k++) {
    const second = r.at++;
    const tasks: Array<Promise<unknown>> = [
      timed(out, out.history, () =>
        socket.timeout(ACK_MS).emitWithAck('history-leaderboard', {
          raceUrl: 'bench-video',
          elapsed_time: second,
          track_id: trackId,
        }),
      ),
    ];
    if ((second - r.from) % 10 === r.pushPhase && second - r.from >= 9) {
      const points = pointsUpTo(r, second);
      tasks.push(
        timed(out, out.push, () =>
          socket.timeout(ACK_MS).emitWithAck('push-points', { track_id: trackId, points }),
        ),
        timed(out, out.control, () =>
          socket.timeout(ACK_MS).emitWithAck('control-request', {
            startOfNeeded: second + 5,
            endOfNeeded: second + 15,
            slopeSourceId: 2,
            raceUrl: 'bench-video',
          }),
        ),
      );
    }
    await Promise.all(tasks);
    const next = began + (k + 1) * 1000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
}
