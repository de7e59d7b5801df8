// @vitest-environment jsdom
import { useRef } from 'react';
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { GROUP, GROUP_MESSAGES, type GroupRoomState, type Race } from '@ridealong/contracts';
import type { GroupEntry } from '../../../lib/groupEntry';
import { useGeneralStore } from '../../../stores/general';
import { IDLE_CONNECTION, useTrackerStore } from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { EMPTY_RIDE_SNAPSHOT } from '../ride/rideSession';
import { initialRide, type RideMachine } from '../ride/rideMachine';
import { FakeGroupTransport } from '../../../test/fakeGroupTransport';
import { GroupStage } from './GroupStage';
import { connectGroupChannel } from './groupSocket';
import { useGroupRide, type GroupRideControls } from './useGroupRide';

vi.mock('./groupSocket', () => ({ connectGroupChannel: vi.fn() }));

const race = {
  id: 5,
  url: 'climb',
  title: 'Climb',
  duration: 300,
} as const satisfies Partial<Race>;
const host = { id: 2, display_name: 'Hosting Hal', photo_url: null };
const SERVER_AHEAD_MS = 3 * 60_000;

let transport: FakeGroupTransport;
type RideDouble = GroupRideControls & {
  start: Mock<GroupRideControls['start']>;
  abort: Mock<GroupRideControls['abort']>;
};
let ride: RideDouble;

function Harness({ entry, machine }: { entry: GroupEntry | null; machine: RideMachine }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const group = useGroupRide({
    race: race as unknown as Race,
    entry,
    videoRef,
    ride: { ...ride, machine },
  });
  return (
    <MantineProvider>
      <div style={{ position: 'relative' }}>
        <video ref={videoRef} />
        <GroupStage group={group} onStart={group.startEvent} />
        <button onClick={() => void group.host()}>Host</button>
      </div>
    </MantineProvider>
  );
}

function room(patch: Partial<GroupRoomState> = {}): GroupRoomState {
  return {
    roomId: 7,
    status: 'waiting-room',
    host_user: host.id,
    race_url: race.url,
    timeStart: null,
    duration: null,
    serverNow: Date.now() + SERVER_AHEAD_MS,
    members: [host],
    present: 1,
    end_reason: null,
    ...patch,
  };
}

const show = (entry: GroupEntry | null, machine: RideMachine = initialRide) =>
  render(<Harness entry={entry} machine={machine} />);

async function joinAsMember(state: Partial<GroupRoomState> = {}) {
  show({ eventId: 7, status: state.status ?? 'waiting-room' });
  act(() => transport.connect());
  await act(() => transport.answer('group-join-room', { ok: true, ...room(state) }));
}

const liveTracker = () =>
  useTrackerStore.setState({
    connection: { ...IDLE_CONNECTION, source: 'web-bluetooth', status: 'connected' },
  });

beforeEach(() => {
  stubMatchMedia();
  transport = new FakeGroupTransport();
  vi.mocked(connectGroupChannel).mockImplementation(() => transport);
  ride = {
    machine: initialRide,
    snapshot: EMPTY_RIDE_SNAPSHOT,
    start: vi.fn<GroupRideControls['start']>(async () => undefined),
    abort: vi.fn<GroupRideControls['abort']>(),
  };
  useGeneralStore.setState({ electronMode: true });
  useUserStore.setState({
    user: {
      ...useUserStore.getState().user,
      userId: '1',
      token: 'tok',
      display_name: 'Me',
      photo_url: null,
    },
  });
  liveTracker();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  useTrackerStore.setState({ connection: IDLE_CONNECTION, panelOpen: false });
  vi.restoreAllMocks();
});

describe('group mode on the video page', () => {
  it('joins the event of the group query and shows who waits, with the mode indicator', async () => {
    await joinAsMember();
    expect(transport.sent).toEqual([]);
    const roomPanel = screen.getByTestId('group-waiting-room');
    const names = () =>
      within(roomPanel)
        .getAllByTestId('group-member')
        .map((m) => m.textContent);
    // The host's app does not report a trainer (v1): nothing shown; this page's is live.
    expect(names()).toEqual(['HHosting Hal (host)', 'MMe (you)Trainer connected']);
    expect(within(roomPanel).getByTestId('group-present').textContent).toBe('2 riders here');
    expect(within(roomPanel).queryByTestId('group-trainer-ask')).toBeNull();
    expect(screen.getByTestId('group-mode').textContent).toContain('Group mode');
    expect(screen.queryByTestId('group-host-badge')).toBeNull();
    // A member waits for the host: no Start.
    expect(within(roomPanel).queryByRole('button', { name: 'Start' })).toBeNull();

    act(() =>
      transport.emit('group-identity-pulse', {
        roomId: 7,
        user_info: { id: 3, display_name: 'Cy', photo_url: null },
      }),
    );
    expect(names()).toEqual(['HHosting Hal (host)', 'MMe (you)Trainer connected', 'CCy']);
    act(() => transport.emit('group-leave-room', { roomId: 7, user_info: host }));
    expect(names()).toEqual(['MMe (you)Trainer connected', 'CCy']);
  });

  it('starts the ride so the countdown ends at the server’s start plus 10 s', async () => {
    await joinAsMember();
    const timeStart = Date.now() + SERVER_AHEAD_MS - 1500;
    act(() =>
      transport.emit('group-start-race', { roomId: 7, timeStart, duration: 300, serverNow: 0 }),
    );
    expect(ride.start).toHaveBeenCalledOnce();
    const plan = ride.start.mock.calls[0]?.[0];
    if (!plan || plan.goAt === null) throw new Error('a countdown start');
    // On this page's clock, 3 minutes behind the server's (within the measurement's rounding).
    expect(Math.abs(plan.goAt - (timeStart + 10_000 - SERVER_AHEAD_MS))).toBeLessThan(50);
    expect(plan.eventSecond()).toBeCloseTo(-8.5, 0);
    expect(screen.queryByTestId('group-waiting-room')).toBeNull();
  });

  it('a late joiner starts at once at the event’s second', async () => {
    const timeStart = Date.now() + SERVER_AHEAD_MS - 70_000;
    await joinAsMember({ status: 'in-progress', timeStart, duration: 300 });
    const plan = ride.start.mock.calls[0]?.[0];
    if (!plan) throw new Error('a start');
    expect(plan.goAt).toBeNull();
    expect(plan.eventSecond()).toBeCloseTo(60, 0);
  });

  it('asks a rider without a trainer to connect once the event has started', async () => {
    useTrackerStore.setState({ connection: IDLE_CONNECTION });
    await joinAsMember({ status: 'in-progress', timeStart: Date.now(), duration: 300 });
    const prompt = screen.getByTestId('group-connect');
    expect(prompt.textContent).toContain(GROUP_MESSAGES.connectToJoin);
    expect(ride.start).not.toHaveBeenCalled();
    fireEvent.click(within(prompt).getByRole('button', { name: 'Connect' }));
    expect(useTrackerStore.getState().panelOpen).toBe(true);
    // Connected: the ride starts at once.
    act(() => liveTracker());
    expect(ride.start).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('group-connect')).toBeNull();
  });

  it('on cancel says so, pauses the ride and leaves group mode', async () => {
    await joinAsMember({ status: 'in-progress', timeStart: Date.now(), duration: 300 });
    act(() => transport.emit('group-cancel', { roomId: 7, reason: 'canceled' }));
    const alert = screen.getByTestId('group-notice');
    expect(alert.textContent).toBe(GROUP_MESSAGES.canceled);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
    expect(screen.queryByTestId('group-mode')).toBeNull();
    expect(transport.closed).toBe(true);
    // An ended event is not left again.
    expect(transport.sent.some((s) => s.event === 'group-leave-room')).toBe(false);
  });

  it('a cancel during the countdown drops the ride before it records', async () => {
    const { rerender } = render(
      <Harness entry={{ eventId: 7, status: 'waiting-room' }} machine={initialRide} />,
    );
    act(() => transport.connect());
    await act(() => transport.answer('group-join-room', { ok: true, ...room() }));
    rerender(
      <Harness
        entry={{ eventId: 7, status: 'waiting-room' }}
        machine={{ ...initialRide, phase: 'countdown', mode: 'race' }}
      />,
    );
    act(() => transport.emit('group-cancel', { roomId: 7, reason: 'canceled' }));
    expect(ride.abort).toHaveBeenCalledOnce();
    expect(screen.getByTestId('group-notice').textContent).toBe(GROUP_MESSAGES.canceled);
  });

  it('the host creates the event, then starts it with the video duration or cancels it', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ eventId: 7 }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    show(null);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Host' })));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/v1/event/create');
    act(() => transport.connect());
    await act(() => transport.answer('group-join-room', { ok: true, ...room({ host_user: 1 }) }));
    expect(screen.getByTestId('group-host-badge')).toBeTruthy();
    const roomPanel = screen.getByTestId('group-waiting-room');
    fireEvent.click(within(roomPanel).getByRole('button', { name: 'Start' }));
    expect(transport.pending.at(-1)).toMatchObject({
      event: 'group-start-race',
      payload: { roomId: 7, duration: 300 },
    });
    await act(() => transport.answer('group-start-race', { ok: false, message: 'Not yet.' }));
    expect(within(roomPanel).getByRole('alert').textContent).toBe('Not yet.');
    fireEvent.click(within(roomPanel).getByRole('button', { name: 'Cancel' }));
    expect(transport.pending.at(-1)).toMatchObject({
      event: 'group-cancel',
      payload: { roomId: 7 },
    });
    vi.unstubAllGlobals();
  });

  it('riding with others, sends its point every second and moves a drifting video', async () => {
    vi.useFakeTimers({
      toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'],
    });
    try {
      vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
      const seek = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set');
      const point = {
        elapsed_time: 19,
        accumulated_power: 4000,
        power: 200,
        heart_rate: 120,
        cadence: 90,
        distance: 150,
        speed: 8,
        timestamp: 1,
      };
      ride.snapshot = { ...EMPTY_RIDE_SNAPSHOT, lastPoint: point };
      const recording: RideMachine = {
        ...initialRide,
        phase: 'recording',
        mode: 'race',
        playing: true,
        recording: true,
      };
      // 30 s after the host's Start: the event is at second 20 of the video.
      const timeStart = Date.now() + SERVER_AHEAD_MS - 30_000;
      show({ eventId: 7, status: 'in-progress' }, recording);
      act(() => transport.connect());
      await act(() =>
        transport.answer('group-join-room', {
          ok: true,
          ...room({ status: 'in-progress', timeStart, duration: 300, present: 2 }),
        }),
      );
      act(() => vi.advanceTimersByTime(1000));
      const { speed: _speed, timestamp: _timestamp, ...values } = point;
      expect(transport.sent).toContainEqual({
        event: 'group-point-pulse',
        payload: { roomId: 7, point: values },
      });
      expect(seek).toHaveBeenLastCalledWith(21);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a host riding alone is not moved to the event time, and still pulses', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
      const seek = vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set');
      ride.snapshot = {
        ...EMPTY_RIDE_SNAPSHOT,
        lastPoint: {
          elapsed_time: 3,
          accumulated_power: 400,
          power: 100,
          heart_rate: 0,
          cadence: 0,
          distance: 0,
          speed: 0,
          timestamp: 1,
        },
      };
      show(
        { eventId: 7, status: 'in-progress' },
        { ...initialRide, phase: 'recording', mode: 'race', playing: true, recording: true },
      );
      act(() => transport.connect());
      await act(() =>
        transport.answer('group-join-room', {
          ok: true,
          ...room({
            status: 'in-progress',
            timeStart: Date.now() + SERVER_AHEAD_MS - 60_000,
            host_user: 1,
            members: [],
            present: 1,
          }),
        }),
      );
      act(() => vi.advanceTimersByTime(3000));
      expect(transport.sent.filter((m) => m.event === 'group-point-pulse')).toHaveLength(3);
      expect(seek).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks a rider without a trainer to connect in the waiting room, and tells the room', async () => {
    useTrackerStore.setState({ connection: IDLE_CONNECTION });
    await joinAsMember({ members: [{ ...host, trainer_connected: true }] });
    expect(transport.sent).toEqual([]);
    const roomPanel = screen.getByTestId('group-waiting-room');
    const tags = () =>
      within(roomPanel)
        .getAllByTestId('group-member-trainer')
        .map((t) => t.textContent);
    expect(tags()).toEqual(['Trainer connected', 'No trainer']);
    const ask = within(roomPanel).getByTestId('group-trainer-ask');
    // Asked now, in the waiting room: not the started event's message.
    expect(screen.queryByTestId('group-connect')).toBeNull();
    fireEvent.click(within(ask).getByRole('button', { name: 'Connect trainer' }));
    expect(useTrackerStore.getState().panelOpen).toBe(true);
    // Connected: the ask goes and the room hears it at once.
    act(() => liveTracker());
    expect(screen.queryByTestId('group-trainer-ask')).toBeNull();
    expect(tags()).toEqual(['Trainer connected', 'Trainer connected']);
    expect(transport.sent).toEqual([
      { event: 'group-identity-pulse', payload: { roomId: 7, trainer_connected: true } },
    ]);
  });

  it('shows the host who is not ready, leaving riders who never report out', async () => {
    await joinAsMember({
      host_user: 1,
      members: [
        { id: 3, display_name: 'Bare Bo', photo_url: null, trainer_connected: false },
        { id: 4, display_name: 'Old App', photo_url: null },
      ],
    });
    const roomPanel = screen.getByTestId('group-waiting-room');
    expect(within(roomPanel).getByTestId('group-not-ready').textContent).toBe(
      'Not ready: Bare Bo has no trainer connected yet.',
    );
    // Start stays the host's call.
    expect(within(roomPanel).getByRole('button', { name: 'Start' })).toBeTruthy();
    act(() =>
      transport.emit('group-identity-pulse', {
        roomId: 7,
        user_info: { id: 3, display_name: 'Bare Bo', photo_url: null },
        trainer_connected: true,
      }),
    );
    expect(within(roomPanel).queryByTestId('group-not-ready')).toBeNull();
  });

  it('pulses its identity every 3 s and leaves the event when the page goes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    try {
      await joinAsMember();
      act(() => vi.advanceTimersByTime(GROUP.identityPulseMs));
      expect(transport.sent).toEqual([
        { event: 'group-identity-pulse', payload: { roomId: 7, trainer_connected: true } },
      ]);
      cleanup();
      act(() => vi.runOnlyPendingTimers());
      expect(transport.sent.at(-1)).toEqual({ event: 'group-leave-room', payload: { roomId: 7 } });
      expect(transport.closed).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
