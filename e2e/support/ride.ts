import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { Decoder, Stream } from '@garmin/fitsdk';
import { io, type Socket } from 'socket.io-client';
import {
  RIDE_NAMESPACE,
  type RideAck,
  type RideClientToServer,
  type RidePoint,
  type RideServerToClient,
} from '@ridealong/contracts';
import type { Session } from './accounts.js';

const run = promisify(execFile);

/**
 * One camera-like clip of `seconds` (small and fast to encode: 320x180, 15 fps, H.264 + AAC), so
 * a ride of 30 s after the 10 s countdown fits in it.
 */
export async function makeRideClip(seconds: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ridealong-e2e-ride-'));
  const file = path.join(dir, 'ride.mp4');
  await run(process.env.FFMPEG_PATH || 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=330'],
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-y', file],
  ]);
  return file;
}

/**
 * Uploads `file` through the spec's multipart form (POST /api/v1/test-upload) as the session's
 * user and waits, by asking the owner's status call, until it is ready. Resolves with its url.
 */
export async function uploadReadyVideo(
  page: Page,
  session: Session,
  title: string,
  file: string,
): Promise<{ url: string; id: number }> {
  const answer = await page.request.post('/api/v1/test-upload', {
    headers: { 'x-auth-token': session.token },
    multipart: {
      name: title,
      description: 'A ride made by the end-to-end tests.',
      search_visible: 'true',
      channel_visible: 'true',
      user_id: String(session.userId),
      file: { name: 'ride.mp4', mimeType: 'video/mp4', buffer: await readFile(file) },
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { race } = (await answer.json()) as { race: { url: string; id: number } };
  await expect
    .poll(
      async () => {
        const status = await page.request.get(`/api/v1/race/${race.url}/status`, {
          headers: { 'x-auth-token': session.token },
        });
        return ((await status.json()) as { status: string }).status;
      },
      { timeout: 120_000, intervals: [500] },
    )
    .toBe('ready');
  return race;
}

/** What the desktop bridge test double was asked to send. */
export type BridgeMessage = { channel: string; payload: unknown };

/**
 * A test double of the desktop app's preload bridge (`window.desktopBridge`): it records what
 * the page sends and never emits events, as the desktop shell does while nothing happens.
 * With a `version` it is the desktop app 2.5.0's (its own tracker, whose window is Connect
 * Device): one whose tracker has not started, as it never says so.
 */
export async function installDesktopBridge(page: Page, version?: string): Promise<void> {
  await page.addInitScript((appVersion) => {
    const sent: Array<{ channel: string; payload: unknown }> = [];
    Object.assign(window, {
      __bridgeSent: sent,
      desktopBridge: {
        send: (channel: string, payload: unknown) => sent.push({ channel, payload }),
        on: () => () => undefined,
        ...(appVersion ? { version: appVersion } : {}),
      },
    });
  }, version ?? null);
}

export async function bridgeMessages(page: Page): Promise<BridgeMessage[]> {
  return page.evaluate(
    () => (window as unknown as { __bridgeSent?: BridgeMessage[] }).__bridgeSent ?? [],
  );
}

type RideSocket = Socket<RideServerToClient, RideClientToServer>;

function call<T>(send: (ack: (a: RideAck<T>) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    send((a) => (a.ok ? resolve(a) : reject(new Error(a.message))));
  });
}

/** What add-track takes besides the video and rider (a reactive ride's mode and difficulty). */
export type AddTrackExtras = Partial<Parameters<RideClientToServer['add-track']>[0]>;

/**
 * An earlier ride of the video, recorded over the real /ride channel from Node (a steady
 * `watts` for `seconds`), so the live leaderboard has someone to rank against. `addTrack` adds
 * to (or overrides) add-track's payload; `point` overrides fields of second `s`'s point
 * (by default 8 m/s on, no video_time).
 */
export async function recordPastRide(
  baseURL: string,
  session: Session,
  video: { url: string; id: number },
  opts: {
    seconds: number;
    watts: number;
    addTrack?: AddTrackExtras;
    point?: (s: number) => Partial<RidePoint>;
  },
): Promise<number> {
  const socket: RideSocket = io(`${baseURL}${RIDE_NAMESPACE}`, {
    auth: { token: session.token },
    transports: ['websocket'],
  });
  try {
    await call((ack) =>
      socket.emit('initialize-race', { url: video.url, userId: session.userId }, ack),
    );
    const { track_id } = await call<{ track_id: number }>((ack) =>
      socket.emit(
        'add-track',
        {
          race_id: video.id,
          race_url: video.url,
          user_id: session.userId,
          client_ride_id: `e2e-past-${Date.now()}`,
          ...opts.addTrack,
        },
        ack,
      ),
    );
    const points: RidePoint[] = Array.from({ length: opts.seconds }, (_, s) => ({
      elapsed_time: s,
      accumulated_power: opts.watts * (s + 1),
      power: opts.watts,
      heart_rate: 150,
      cadence: 90,
      distance: 8 * (s + 1),
      speed: 8,
      timestamp: Date.now() - (opts.seconds - s) * 1000,
      ...opts.point?.(s),
    }));
    await call((ack) =>
      socket.emit('push-points', { track_id, points, status: 'final', discard_track: false }, ack),
    );
    await call((ack) =>
      socket.emit(
        'stop-track',
        {
          discard_track: false,
          accumulated_power: opts.watts * opts.seconds,
          raceUrl: video.url,
          trackId: track_id,
          userId: session.userId,
        },
        ack,
      ),
    );
    return track_id;
  } finally {
    socket.disconnect();
  }
}

/** Decodes a FIT file with Garmin's own SDK; resolves with its messages and any errors. */
export function decodeFit(bytes: Buffer) {
  const decoder = new Decoder(Stream.fromBuffer(bytes));
  return { integrity: decoder.checkIntegrity(), ...decoder.read() };
}

/** What the ride showed at one moment, as the page's own sampler saw it (every 100 ms). */
export type RideSample = {
  /** Date.now() in the page (the same clock as the spec's). */
  at: number;
  /** The stage's data-ride-phase. */
  phase: string | null;
  videoTime: number | null;
  videoPaused: boolean | null;
  /** ride-time's text (h:mm:ss), when shown. */
  rideTime: string | null;
  /** ride-countdown's text, when shown. */
  countdown: string | null;
  /** ride-reconnecting's text, when visible. */
  reconnecting: string | null;
  /** Whether ride-outage-choices is visible. */
  choices: boolean;
};

type TimelineWindow = { __rideTimeline?: RideSample[]; __rideTimelineTimer?: number };

/**
 * Starts sampling the ride in the page every 100 ms (a fresh timeline each call), so a spec can
 * check afterwards what showed while it was busy elsewhere (a short phase, the countdown's
 * digits, the video time during an outage). Lasts until the page navigates.
 */
export async function startRideTimeline(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as TimelineWindow;
    if (w.__rideTimelineTimer !== undefined) clearInterval(w.__rideTimelineTimer);
    const samples: RideSample[] = [];
    w.__rideTimeline = samples;
    const shown = (id: string) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      return el && el.checkVisibility() ? el : null;
    };
    const text = (id: string) => shown(id)?.textContent?.trim() ?? null;
    w.__rideTimelineTimer = window.setInterval(() => {
      const stage = document.querySelector('[data-testid="player-stage"]');
      const video = stage?.querySelector('video') ?? null;
      samples.push({
        at: Date.now(),
        phase: stage?.getAttribute('data-ride-phase') ?? null,
        videoTime: video ? video.currentTime : null,
        videoPaused: video ? video.paused : null,
        rideTime: text('ride-time'),
        countdown: text('ride-countdown'),
        reconnecting: text('ride-reconnecting'),
        choices: shown('ride-outage-choices') !== null,
      });
    }, 100);
  });
}

/** The samples startRideTimeline has taken so far. */
export async function rideTimeline(page: Page): Promise<RideSample[]> {
  return page.evaluate(() => (window as unknown as TimelineWindow).__rideTimeline ?? []);
}

/** Seconds of an h:mm:ss ride time; NaN for anything else. */
export function rideSeconds(text: string | null): number {
  const m = /^(\d+):(\d\d):(\d\d)$/.exec(text ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : Number.NaN;
}

/**
 * The timeline's changes only (phase, ride time, countdown, reconnecting, choices, and whether
 * the video plays), each with the video time then: a short readable account for a report.
 */
export function timelineChanges(samples: readonly RideSample[]): RideSample[] {
  const key = (s: RideSample) =>
    JSON.stringify([s.phase, s.rideTime, s.countdown, s.reconnecting, s.choices, s.videoPaused]);
  return samples.filter((s, i) => i === 0 || key(s) !== key(samples[i - 1]!));
}

/**
 * Picks 'Steady' beside Start (issue 26): the video at 1x, as a spec that times the video by
 * the clock expects. Only videos with slope data offer the choice (others ride steady anyway).
 */
export async function chooseSteady(page: Page): Promise<void> {
  const choice = page.getByRole('radiogroup', { name: 'Ride mode' });
  await choice.getByText('Steady', { exact: true }).click();
  await expect(choice.getByRole('radio', { name: 'Steady' })).toBeChecked();
}

/**
 * Waits until the countdown shows 'Go!'. It shows for one second, and expect's polling slows to
 * once a second after a long wait, so it could step over it: this checks every frame instead.
 */
export async function waitForGo(page: Page, timeout: number): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="ride-countdown"]')?.textContent === 'Go!',
    null,
    { polling: 'raf', timeout },
  );
}
