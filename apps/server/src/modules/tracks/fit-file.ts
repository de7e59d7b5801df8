import {
  Encoder,
  Profile,
  type ActivityMesg,
  type Encodable,
  type EventMesg,
  type FileIdMesg,
  type LapMesg,
  type RecordMesg,
  type SessionMesg,
} from '@garmin/fitsdk';
import type { TrackRow } from '../../db/schema.js';
import type { PointValues } from './gap-fill.js';

type FitTrack = Pick<
  TrackRow,
  'id' | 'title' | 'startedAt' | 'duration' | 'totalDistance' | 'accumulatedPower'
>;
export type FitMessage = Encodable<
  FileIdMesg | EventMesg | RecordMesg | LapMesg | SessionMesg | ActivityMesg
>;

const clampInt = (v: number, max: number) => Math.max(0, Math.min(max, Math.round(v)));

/**
 * The messages of a FIT activity file (sport cycling, sub-sport virtual activity), in file
 * order: file_id, start event, one record per second, stop event, lap, session, activity.
 * Record times are the ride's start plus the point's second (the video's in a steady ride, the
 * ride's own in a reactive one, whose distance and speed are the rider's virtual ones), so they
 * are strictly increasing.
 */
export function fitMessages(track: FitTrack, points: readonly PointValues[]): FitMessage[] {
  const M = Profile.MesgNum;
  const first = points[0]?.elapsedTime ?? 0;
  const start = new Date(Math.floor(track.startedAt.getTime() / 1000) * 1000);
  const at = (elapsed: number) => new Date(start.getTime() + (elapsed - first) * 1000);
  const last = points.at(-1);
  const end = last ? at(last.elapsedTime) : start;
  const elapsedSeconds = (end.getTime() - start.getTime()) / 1000;
  const powers = points.map((p) => p.power);
  const hearts = points.map((p) => p.heartRate).filter((h) => h > 0);
  const cadences = points.map((p) => p.cadence).filter((c) => c > 0);
  const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
  const totals: LapMesg & SessionMesg = {
    startTime: start,
    totalElapsedTime: elapsedSeconds,
    totalTimerTime: track.duration,
    totalDistance: track.totalDistance,
    avgPower: clampInt(track.duration > 0 ? track.accumulatedPower / track.duration : 0, 65534),
    maxPower: clampInt(max(powers), 65534),
    avgHeartRate: clampInt(avg(hearts), 254),
    maxHeartRate: clampInt(max(hearts), 254),
    avgCadence: clampInt(avg(cadences), 254),
    avgSpeed: track.duration > 0 ? track.totalDistance / track.duration : 0,
    sport: 'cycling',
    subSport: 'virtualActivity',
  };
  const mesgNum = (name: string) => {
    const n = M[name];
    if (n === undefined) throw new Error(`FIT profile has no ${name} message`);
    return n;
  };
  return [
    {
      mesgNum: mesgNum('FILE_ID'),
      type: 'activity',
      manufacturer: 'development',
      product: 1,
      serialNumber: track.id,
      timeCreated: start,
    },
    { mesgNum: mesgNum('EVENT'), timestamp: start, event: 'timer', eventType: 'start' },
    ...points.map((p): Encodable<RecordMesg> => ({
      mesgNum: mesgNum('RECORD'),
      timestamp: at(p.elapsedTime),
      power: clampInt(p.power, 65534),
      cadence: clampInt(p.cadence, 254),
      heartRate: clampInt(p.heartRate, 254),
      distance: p.distance,
      speed: p.speed,
    })),
    { mesgNum: mesgNum('EVENT'), timestamp: end, event: 'timer', eventType: 'stopAll' },
    { mesgNum: mesgNum('LAP'), timestamp: end, messageIndex: 0, ...totals },
    {
      mesgNum: mesgNum('SESSION'),
      timestamp: end,
      messageIndex: 0,
      firstLapIndex: 0,
      numLaps: 1,
      ...totals,
    },
    {
      mesgNum: mesgNum('ACTIVITY'),
      timestamp: end,
      numSessions: 1,
      type: 'manual',
      event: 'activity',
      eventType: 'stop',
      totalTimerTime: track.duration,
    },
  ];
}

/** Milliseconds of encoding between turns of the event loop. */
export const FIT_SLICE_MS = 8;

/**
 * The FIT file's bytes. The SDK's encoder costs 20-500 µs a message (slowest before the JIT has
 * warmed up), so a long ride (one record per second) is encoded in slices of about
 * `sliceMs` with a turn of the loop between them.
 */
export async function encodeFit(
  messages: readonly FitMessage[],
  breathe: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
  sliceMs = FIT_SLICE_MS,
): Promise<Uint8Array> {
  const encoder = new Encoder();
  let sliceStart = performance.now();
  for (const m of messages) {
    encoder.writeMesg(m);
    if (performance.now() - sliceStart >= sliceMs) {
      await breathe();
      sliceStart = performance.now();
    }
  }
  return encoder.close();
}

/** A download name such as `ridealong-42-col-du-galibier.fit`. */
export function fitFileName(track: Pick<TrackRow, 'id' | 'title'>): string {
  const slug = track.title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `ridealong-${track.id}${slug ? `-${slug}` : ''}.fit`;
}
