// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GROUP, type Race } from '@ridealong/contracts';
import { useGeneralStore } from '../../../stores/general';
import { IDLE_CONNECTION, useTrackerStore } from '../../../stores/tracker';
import { useUserStore } from '../../../stores/user';
import { FakeGroupTransport } from '../../../test/fakeGroupTransport';
import { initialRide } from '../ride/rideMachine';
import { EMPTY_RIDE_SNAPSHOT } from '../ride/rideSession';
import { connectGroupChannel } from './groupSocket';
import { useGroupRide, type GroupRideControls } from './useGroupRide';

vi.mock('./groupSocket', () => ({ connectGroupChannel: vi.fn() }));

const race = {
  id: 5,
  url: 'climb',
  title: 'Climb',
  duration: 300,
} as const satisfies Partial<Race>;
const ride: GroupRideControls = {
  machine: initialRide,
  snapshot: EMPTY_RIDE_SNAPSHOT,
  start: vi.fn(async () => undefined),
  abort: vi.fn(),
};

let transports: FakeGroupTransport[];
/** The create request, held until the test answers it. */
let answerCreate: (response: Response) => void;

function hosting() {
  return renderHook(() =>
    useGroupRide({
      race: race as unknown as Race,
      entry: null,
      videoRef: { current: null },
      ride,
    }),
  );
}

beforeEach(() => {
  transports = [];
  vi.mocked(connectGroupChannel).mockImplementation(() => {
    const transport = new FakeGroupTransport();
    transports.push(transport);
    return transport;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      () =>
        new Promise((resolve) => {
          answerCreate = resolve;
        }),
    ),
  );
  useGeneralStore.setState({ electronMode: true });
  useUserStore.setState({ user: { ...useUserStore.getState().user, userId: '1', token: 'tok' } });
  useTrackerStore.setState({
    connection: { ...IDLE_CONNECTION, source: 'web-bluetooth', status: 'connected' },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  useTrackerStore.setState({ connection: IDLE_CONNECTION });
});

describe('Ride with friends on a page that was left (review M1)', () => {
  it('does not ride an event created after the page was left, and leaves it', async () => {
    vi.useFakeTimers();
    const { result, unmount } = hosting();
    let outcome: Promise<string> = Promise.resolve('');
    act(() => {
      outcome = result.current.host();
    });
    unmount();
    act(() => vi.runOnlyPendingTimers());
    answerCreate(new Response(JSON.stringify({ eventId: 9 }), { status: 200 }));
    await expect(outcome).resolves.toBe('gone');

    // One connection, only to leave the event (the host leaving a waiting room cancels it).
    expect(transports).toHaveLength(1);
    const [transport] = transports;
    if (!transport) throw new Error('no transport');
    transport.connect();
    expect(transport.pending.map((p) => [p.event, p.payload])).toEqual([
      ['group-leave-room', { roomId: 9 }],
    ]);
    await transport.answer('group-leave-room', { ok: true });
    expect(transport.closed).toBe(true);
    act(() => vi.advanceTimersByTime(GROUP.identityPulseMs * 2));
    expect(transport.sent).toEqual([]);
  });

  it('still hosts when the page is there', async () => {
    const { result } = hosting();
    let outcome: Promise<string> = Promise.resolve('');
    act(() => {
      outcome = result.current.host();
    });
    expect(result.current.creating).toBe(true);
    await act(async () => {
      answerCreate(new Response(JSON.stringify({ eventId: 9 }), { status: 200 }));
      await outcome;
    });
    await expect(outcome).resolves.toBe('hosted');
    expect(result.current.active).toBe(true);
    expect(result.current.creating).toBe(false);
  });

  it("says 'failed' when the event could not be created (the stage then leaves theatre)", async () => {
    const { result } = hosting();
    let outcome: Promise<string> = Promise.resolve('');
    act(() => {
      outcome = result.current.host();
    });
    await act(async () => {
      answerCreate(new Response(JSON.stringify({ message: 'Down.' }), { status: 500 }));
      await outcome.catch(() => undefined);
    });
    await expect(outcome).resolves.toBe('failed');
    expect(result.current.active).toBe(false);
  });
});
