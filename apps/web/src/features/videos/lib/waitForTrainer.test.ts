import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Pulse } from '@ridealong/contracts';
import { IDLE_CONNECTION, useTrackerStore } from '../../../stores/tracker';
import { waitForTrainer } from './waitForTrainer';

const pulse = (state: 'connected' | 'available'): Pulse => ({
  alive: true,
  version: '0.1.0',
  uptime_s: 1,
  adapters: [],
  devices: [
    {
      id: 'sim',
      name: 'RideAlong Simulator',
      transport: 'simulator',
      kinds: ['trainer'],
      state,
      remembered: true,
      controllable: true,
      reconnectAttempts: 0,
    },
  ],
  settings: { difficulty: 100, downhill: 50 },
  applied_grade: null,
});

const connecting = () =>
  useTrackerStore.setState({
    connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'connecting' },
    pulse: null,
  });

afterEach(() => {
  vi.useRealTimers();
  useTrackerStore.setState({ connection: IDLE_CONNECTION, pulse: null });
});

describe('waitForTrainer', () => {
  it('resolves true as soon as the reconnecting tracker reports a live trainer', async () => {
    connecting();
    const waiting = waitForTrainer(true, 5000);
    useTrackerStore.setState({
      connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'connected' },
      pulse: pulse('connected'),
    });
    await expect(waiting).resolves.toBe(true);
  });

  it('resolves false once no trainer is coming (the tracker is up with none connected)', async () => {
    connecting();
    const waiting = waitForTrainer(true, 5000);
    useTrackerStore.setState({
      connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'connected' },
      pulse: pulse('available'),
    });
    await expect(waiting).resolves.toBe(false);
  });

  it('gives up after its time while the tracker keeps retrying', async () => {
    vi.useFakeTimers();
    connecting();
    const waiting = waitForTrainer(true, 5000);
    vi.advanceTimersByTime(5000);
    await expect(waiting).resolves.toBe(false);
  });

  it('answers at once when nothing is under way', async () => {
    await expect(waitForTrainer(false, 5000)).resolves.toBe(false);
  });
});
