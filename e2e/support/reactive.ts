import { expect, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import {
  type RidePoint,
  type TrackerAck,
  type TrackerClientToServer,
  type TrackerServerToClient,
} from '@ridealong/contracts';
import type { Session } from './accounts.js';
import { recordPastRide } from './ride.js';
import { E2E_TRACKER_URL } from './tracker.js';

/** Metres per degree of latitude. */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

/**
 * A GPX track as a bike computer writes it, one point a second: a constant `gradePercent`
 * climb northwards at a constant `speedMps` for `seconds`. Uploaded at offset 0 it gives the
 * video a route whose filmed speed and grade are the same everywhere, so any stretch of it is
 * the same road and the video time at a distance is distance / speed.
 */
export function constantClimbGpx(opts: {
  seconds: number;
  speedMps: number;
  gradePercent: number;
}): string {
  const start = Date.UTC(2024, 5, 1, 7, 0, 0);
  const points: string[] = [];
  for (let t = 0; t < opts.seconds; t += 1) {
    const metres = t * opts.speedMps;
    const lat = 46 + metres / M_PER_DEG;
    const ele = 100 + (metres * opts.gradePercent) / 100;
    const time = new Date(start + t * 1000).toISOString();
    points.push(
      `<trkpt lat="${lat.toFixed(7)}" lon="6.5000000"><ele>${ele.toFixed(2)}</ele><time>${time}</time></trkpt>`,
    );
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">\n' +
    `<trk><name>Constant climb</name><trkseg>\n${points.join('\n')}\n</trkseg></trk>\n</gpx>\n`
  );
}

/** Gives the owner's video the GPX file's slope profile (POST /race/{url}/gpx, offset 0). */
export async function uploadGpx(
  page: Page,
  session: Session,
  video: { url: string },
  gpx: string,
): Promise<void> {
  const answer = await page.request.post(`/api/v1/race/${video.url}/gpx`, {
    headers: { 'x-auth-token': session.token },
    multipart: {
      offset: '0',
      gpx: { name: 'climb.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** GET /race/{id}/timeline's body: filmed metres and grade at each whole second of video. */
export type Timeline = { seconds: number; distance: number[]; slope: number[] };

export async function readTimeline(page: Page, session: Session, videoId: number) {
  const answer = await page.request.get(`/api/v1/race/${videoId}/timeline`, {
    headers: { 'x-auth-token': session.token },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { timeline } = (await answer.json()) as { timeline: Timeline | null };
  if (!timeline) throw new Error(`video ${videoId} has no timeline`);
  return timeline;
}

/** Metres of route from the first second to the last. */
export function routeDistance(timeline: Timeline): number {
  return (timeline.distance.at(-1) ?? 0) - (timeline.distance[0] ?? 0);
}

/**
 * The video time (s) at which the filmer was `metres` along the route, linear between seconds.
 * The spec's own inverse of the timeline, independent of the app's: exact for a route whose
 * distance rises every second (constantClimbGpx's), which is all it is used on.
 */
export function videoTimeAt(timeline: Timeline, metres: number): number {
  const d = timeline.distance.map((v) => v - (timeline.distance[0] ?? 0));
  if (metres <= 0) return 0;
  const i = d.findIndex((v) => v >= metres);
  if (i === -1) return d.length - 1;
  if (i === 0) return 0;
  const a = d[i - 1] ?? 0;
  const b = d[i] ?? a;
  return b > a ? i - 1 + (metres - a) / (b - a) : i;
}

/**
 * An earlier reactive ride of the video at 100 % difficulty (a ghost), recorded and saved over
 * the real /ride channel from Node: `seconds` ride seconds at a steady `speedMps` and `watts`,
 * each point with where the video was (the timeline's time at its distance). The server takes
 * no more seconds than have passed since add-track plus 30 s: `seconds` stays under 30.
 */
export function recordPastReactiveRide(
  baseURL: string,
  session: Session,
  video: { url: string; id: number },
  timeline: Timeline,
  opts: { seconds: number; watts: number; speedMps: number },
): Promise<number> {
  const total = routeDistance(timeline);
  return recordPastRide(baseURL, session, video, {
    seconds: opts.seconds,
    watts: opts.watts,
    addTrack: { client_ride_id: `e2e-ghost-${Date.now()}`, mode: 'reactive', difficulty: 100 },
    point: (s) => {
      const distance = Math.min(total, opts.speedMps * (s + 1));
      return {
        distance,
        speed: opts.speedMps,
        video_time: Math.round(videoTimeAt(timeline, distance) * 1000) / 1000,
      };
    },
  });
}

/**
 * Sets the config tracker's simulated power from Node (the tracker's own set_simulator_power,
 * which Connect Device's slider sends): during a ride the stage fills the window and the
 * profile menu is out of reach. The tracker outlives specs: set it back to 200 W when done.
 */
export async function setTrackerPower(watts: number): Promise<void> {
  const socket: Socket<TrackerServerToClient, TrackerClientToServer> = io(E2E_TRACKER_URL, {
    transports: ['websocket'],
  });
  try {
    const ack = await new Promise<TrackerAck>((resolve) =>
      socket.emit('set_simulator_power', { watts }, resolve),
    );
    if (!ack.ok) throw new Error(`set_simulator_power ${watts} W: ${ack.message}`);
  } finally {
    socket.disconnect();
  }
}

/** A point the page pushed over the ride channel, with its track. */
export type PushedPoint = RidePoint & { track_id: number };

/**
 * Collects the points the page pushes over the /ride socket (its websocket frames), first
 * copy of each second (a resent batch repeats it, and the server keeps the first): what the
 * server stored, video_time included, which no endpoint answers. Call before Start.
 */
export function watchPushedPoints(page: Page): () => PushedPoint[] {
  const bySecond = new Map<number, PushedPoint>();
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      // Socket.IO: '42', the namespace and a comma, an ack id, then [event, body].
      const m = typeof payload === 'string' ? /^42(?:\/[^,[]*,)?\d*(\[.*\])$/s.exec(payload) : null;
      if (!m?.[1]) return;
      const [event, body] = JSON.parse(m[1]) as [string, unknown];
      if (event !== 'push-points') return;
      const { track_id, points } = body as { track_id: number; points: RidePoint[] };
      for (const p of points) {
        if (!bySecond.has(p.elapsed_time)) bySecond.set(p.elapsed_time, { ...p, track_id });
      }
    });
  });
  return () => [...bySecond.values()].sort((a, b) => a.elapsed_time - b.elapsed_time);
}

/** What the ride's video and road showed at one moment (the page's own sampler, 10 a second). */
export type PlaybackSample = {
  /** performance.now() in the page, ms. */
  at: number;
  rate: number;
  time: number;
  paused: boolean;
  phase: string | null;
  /** The rider's marker on the road profile (metres), while it shows. */
  rider: number | null;
};

type SamplerWindow = { __playback?: PlaybackSample[]; __playbackTimer?: number };

/** Starts sampling the ride's video and rider marker in the page every 100 ms (fresh each call). */
export async function startPlaybackSampler(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as SamplerWindow;
    if (w.__playbackTimer !== undefined) clearInterval(w.__playbackTimer);
    const samples: PlaybackSample[] = [];
    w.__playback = samples;
    const number = (text: string | null | undefined) => {
      const n = Number.parseFloat(text ?? '');
      return Number.isFinite(n) ? n : null;
    };
    w.__playbackTimer = window.setInterval(() => {
      const stage = document.querySelector('[data-testid="player-stage"]');
      const video = stage?.querySelector('video');
      if (!video) return;
      const marker = document.querySelector<HTMLElement>(
        '[data-testid="ride-route"] [data-testid="rider-marker"]',
      );
      samples.push({
        at: performance.now(),
        rate: video.playbackRate,
        time: video.currentTime,
        paused: video.paused,
        phase: stage?.getAttribute('data-ride-phase') ?? null,
        rider: marker?.checkVisibility() ? number(marker.dataset.distanceM) : null,
      });
    }, 100);
  });
}

export async function playbackSamples(page: Page): Promise<PlaybackSample[]> {
  return page.evaluate(() => (window as unknown as SamplerWindow).__playback ?? []);
}

/** The playing samples from `since` (page ms) on. */
export function playingSince(samples: readonly PlaybackSample[], since: number) {
  return samples.filter((s) => s.at >= since && !s.paused && s.phase === 'recording');
}

/** Whether the last `spanMs` of `samples` have rates within `ratio` of each other. */
export function rateSettled(samples: readonly PlaybackSample[], spanMs: number, ratio: number) {
  const last = samples.at(-1);
  if (!last || samples[0]!.at > last.at - spanMs) return false;
  const recent = samples.filter((s) => s.at >= last.at - spanMs).map((s) => s.rate);
  return Math.max(...recent) <= Math.min(...recent) * ratio;
}

/** A window's playback: mean rate, and video seconds (and rider metres) per wall second. */
export type WindowStats = { rate: number; advance: number; metresPerSecond: number | null };

export function windowStats(samples: readonly PlaybackSample[]): WindowStats {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at <= first.at) throw new Error('an empty playback window');
  const wall = (last.at - first.at) / 1000;
  const riders = samples.filter((s) => s.rider !== null);
  const r0 = riders[0]?.rider;
  const r1 = riders.at(-1)?.rider;
  return {
    rate: samples.reduce((sum, s) => sum + s.rate, 0) / samples.length,
    advance: (last.time - first.time) / wall,
    metresPerSecond: r0 != null && r1 != null ? (r1 - r0) / wall : null,
  };
}
