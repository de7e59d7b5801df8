// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pulse, TrackerDevice } from '@ridealong/contracts';
import { IDLE_CONNECTION, useTrackerStore } from '../../../stores/tracker';
import { stubMatchMedia } from '../../../test/stubMatchMedia';
import { trackerRequests } from '../lib/trackerClient';
import { SimulatedPowerSlider } from './SimulatedPowerSlider';

vi.mock('../lib/trackerClient', () => ({
  trackerRequests: { setSimulatorPower: vi.fn() },
}));

const SIMULATOR: TrackerDevice = {
  id: 'sim:ridealong-simulator',
  name: 'RideAlong Simulator',
  transport: 'simulator',
  kinds: ['trainer', 'heart_rate'],
  state: 'connected',
  remembered: false,
  controllable: true,
  reconnectAttempts: 0,
};

const pulse = (over: Partial<Pulse> = {}): Pulse => ({
  alive: true,
  version: '1.0.0',
  uptime_s: 1,
  adapters: [],
  devices: [SIMULATOR],
  settings: { difficulty: 100, downhill: 50 },
  applied_grade: null,
  simulator_watts: 200,
  ...over,
});

function live(p: Pulse | null = pulse()) {
  act(() =>
    useTrackerStore.setState({
      connection: { ...IDLE_CONNECTION, source: 'tracker', status: 'connected' },
      pulse: p,
    }),
  );
}

const renderSlider = () =>
  render(
    <MantineProvider>
      <SimulatedPowerSlider />
    </MantineProvider>,
  );
const slider = () => screen.getByRole('slider', { name: 'Simulated power' });
const setPower = vi.mocked(trackerRequests.setSimulatorPower);

beforeEach(() => {
  stubMatchMedia();
  setPower.mockReset().mockResolvedValue({ ok: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useTrackerStore.setState({ connection: IDLE_CONNECTION, pulse: null });
});

describe('SimulatedPowerSlider', () => {
  it('shows the power the tracker reports while the simulator is connected', () => {
    live();
    renderSlider();
    expect(slider().getAttribute('aria-valuenow')).toBe('200');
    expect(slider().getAttribute('aria-valuemin')).toBe('50');
    expect(slider().getAttribute('aria-valuemax')).toBe('600');
    expect(screen.getByText('Simulated power: 200 W')).toBeTruthy();
  });

  it('is absent without a connected simulator, and for trackers that do not report it', () => {
    renderSlider();
    expect(screen.queryByRole('slider')).toBeNull(); // not connected
    live(pulse({ devices: [{ ...SIMULATOR, state: 'available' }] }));
    expect(screen.queryByRole('slider')).toBeNull();
    live(pulse({ devices: [{ ...SIMULATOR, id: 'ant:1', transport: 'ant' }] }));
    expect(screen.queryByRole('slider')).toBeNull();
    live(pulse({ simulator_watts: undefined })); // an older tracker
    expect(screen.queryByRole('slider')).toBeNull();
    live();
    expect(screen.queryByRole('slider')).not.toBeNull();
  });

  it('sends each step to the tracker and follows its pulse', async () => {
    live();
    renderSlider();
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(setPower).toHaveBeenLastCalledWith(210);
    expect(screen.getByText('Simulated power: 210 W')).toBeTruthy();
    fireEvent.keyDown(slider(), { key: 'End' });
    expect(setPower).toHaveBeenLastCalledWith(600);
    await act(async () => undefined);
    live(pulse({ simulator_watts: 600 }));
    expect(slider().getAttribute('aria-valuenow')).toBe('600');
    fireEvent.keyDown(slider(), { key: 'Home' });
    expect(setPower).toHaveBeenLastCalledWith(50);
    await act(async () => undefined);
    // Another page set it: the slider shows the tracker's power.
    live(pulse({ simulator_watts: 320 }));
    expect(screen.getByText('Simulated power: 320 W')).toBeTruthy();
  });

  it('keeps the chosen power while pulses of earlier steps arrive', async () => {
    const answers: ((ack: { ok: true }) => void)[] = [];
    setPower.mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    live();
    renderSlider();
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    fireEvent.keyDown(slider(), { key: 'ArrowRight' });
    expect(setPower.mock.calls.map(([w]) => w)).toEqual([210, 220, 230]);
    await act(async () => answers.shift()?.({ ok: true }));
    live(pulse({ simulator_watts: 210 })); // the first step's pulse, two requests still out
    expect(slider().getAttribute('aria-valuenow')).toBe('230');
    await act(async () => answers.splice(0).forEach((answer) => answer({ ok: true })));
    live(pulse({ simulator_watts: 230 }));
    expect(slider().getAttribute('aria-valuenow')).toBe('230');
    live(pulse({ simulator_watts: 300 })); // then another page sets it
    expect(slider().getAttribute('aria-valuenow')).toBe('300');
  });

  it('says why and goes back to the tracker power when the tracker refuses', async () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    setPower.mockResolvedValue({ ok: false, message: 'The simulator is off in this tracker.' });
    live();
    renderSlider();
    fireEvent.keyDown(slider(), { key: 'ArrowLeft' });
    expect(screen.getByText('Simulated power: 190 W')).toBeTruthy();
    await act(async () => undefined);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The simulator is off in this tracker.' }),
    );
    expect(screen.getByText('Simulated power: 200 W')).toBeTruthy();
  });
});
