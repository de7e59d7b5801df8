// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rideSummary, type ActivitySeries, type RidePoint } from '@ridealong/contracts';
import { RouteTimeline } from '@ridealong/trainer';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { PointBuffer, type StoredRide } from './pointBuffer';
import { initialRide } from './rideMachine';
import { RidePausedControls } from './RidePausedControls';
import { RideSession } from './rideSession';
import { AnsweringRideChannel } from '../../../test/answeringRideChannel';
import { storedRide } from '../../../test/storedRideFixture';

const settle = () => new Promise((r) => setTimeout(r, 20));
const sample = { power: 250, cadence: 90, heart_rate: 130, speed: 8, distance: 0 };
const point = (s: number): RidePoint => ({
  elapsed_time: s,
  accumulated_power: (s + 1) * 200,
  power: 200,
  heart_rate: 140,
  cadence: 90,
  distance: s * 8,
  speed: 8,
  timestamp: s * 1000,
});
/** The server's series of a recording ride: `seconds` pushed before the reload. */
const series = (seconds: number[]): ActivitySeries => ({
  track_id: 41,
  title: 'Demo',
  url: 'demo',
  timestamp: '2026-01-01T08:00:00.000Z',
  elapsed_time: seconds,
  power: seconds.map(() => 200),
  heart_rate: seconds.map(() => 140),
  cadence: seconds.map(() => 90),
  distance: seconds.map((s) => s * 8),
  grade: seconds.map(() => 1),
  elevation: seconds.map(() => 100),
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

let buffer: PointBuffer;
let channel: AnsweringRideChannel;
let session: RideSession | null;

/** A ride kept over a reload at its second `last`, with `buffered` seconds not yet confirmed. */
async function keep(kept: Partial<StoredRide>, buffered: number[]): Promise<StoredRide> {
  const ride = storedRide(kept);
  await buffer.putRide(ride);
  for (const s of buffered) await buffer.addPoint(ride.client_ride_id, point(s));
  return (await buffer.getRide(ride.client_ride_id))!;
}

function resume(
  kept: StoredRide,
  extra: Partial<ConstructorParameters<typeof RideSession>[0]> = {},
) {
  session = new RideSession({
    transport: channel,
    buffer,
    race: { id: 7, url: 'demo', title: 'Demo', slope_source_id: 0, duration: 60 },
    rider: { id: 3, username: 'rider', stravaAutoSave: false },
    clientRideId: kept.client_ride_id,
    sendControl: () => undefined,
    resume: kept,
    ...extra,
  });
  return session;
}

const seconds = () => session!.getSnapshot().recorded.map((p) => p.elapsed_time);

beforeEach(async () => {
  stubMatchMedia();
  buffer = await PointBuffer.open(`resumed-${Math.random()}`);
  channel = new AnsweringRideChannel();
  session = null;
});

afterEach(() => {
  cleanup();
  session?.dispose();
  buffer.close();
  vi.unstubAllGlobals();
});

describe('a resumed RideSession', () => {
  it("counts the seconds before the reload: the server's and the buffered ones it lacks", async () => {
    // The server has 0-27; 25-29 are still buffered (the acks of 25-27 were lost).
    let answer: (res: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(() => new Promise((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const kept = await keep({}, range(25, 30));
    const ride = resume(kept);
    await ride.begin(99);
    // Riding goes on while the server has not answered.
    for (let t = 30; t < 40; t += 1) {
      ride.tick(t + 0.1, t * 1000, sample, t * 1000);
      await settle();
    }
    expect(seconds()).toEqual(range(30, 40));
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/api\/v1\/tracks\/41\/series$/);
    answer(new Response(JSON.stringify(series(range(0, 28))), { status: 200 }));
    await vi.waitFor(() => expect(seconds()).toEqual(range(0, 40)));
    const recorded = ride.getSnapshot().recorded;
    expect(recorded.slice(26, 31).map((p) => [p.power, p.grade])).toEqual([
      [200, 1],
      [200, 1],
      [200, null],
      [200, null],
      [250, null],
    ]);
    expect(rideSummary(recorded, null).seconds).toBe(40);

    // The paused overlay's summary is the whole ride's.
    render(
      <MantineProvider>
        <ModalsProvider>
          <RidePausedControls
            machine={{ ...initialRide, phase: 'paused', mode: 'race' }}
            snapshot={ride.getSnapshot()}
            onResume={vi.fn()}
            onSave={vi.fn()}
            onDiscard={vi.fn()}
          />
        </ModalsProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('summary-time').textContent).toBe('0:00:40');
  });

  it('offline, resumes all the same with the buffered seconds alone', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const ride = resume(await keep({}, range(25, 30)));
    await ride.begin(99);
    for (let t = 30; t < 33; t += 1) {
      ride.tick(t + 0.1, t * 1000, sample, t * 1000);
      await settle();
    }
    expect(channel.calls.map((c) => c.event)).toContain('add-track');
    expect(seconds()).toEqual(range(25, 33));
    expect(ride.getSnapshot()).toMatchObject({ elapsedSeconds: 33, problem: null });
  });

  it("a reactive ride's buffered seconds keep the road at their distance; no track, no fetch", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const timeline = new RouteTimeline({
      distance: range(0, 61).map((s) => s * 10),
      slope: range(0, 61).map((s) => s / 2),
    });
    const kept = await keep({ track_id: null, mode: 'reactive', difficulty: 100 }, range(0, 5));
    const ride = resume(kept, { mode: 'reactive', timeline });
    await ride.begin(99);
    await vi.waitFor(() => expect(seconds()).toEqual(range(0, 5)));
    // 8 m a second on a road steepening by 0.5 % every 10 m.
    expect(ride.getSnapshot().recorded.map((p) => p.grade)).toEqual([0, 0.4, 0.8, 1.2, 1.6]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
