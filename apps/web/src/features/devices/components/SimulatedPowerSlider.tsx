import { useEffect, useRef, useState } from 'react';
import { Slider, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SIMULATOR_POWER } from '@ridealong/contracts';
import { useTrackerStore } from '../../../stores/tracker';
import { trackerRequests } from '../lib/trackerClient';

const watts = (v: number) => `${v} W`;
const { minWatts, maxWatts, stepWatts, defaultWatts } = SIMULATOR_POWER;

/**
 * The simulated rider's power, for riders without a trainer. Shown only while the tracker's
 * simulator is the connected device and the tracker reports its power (older trackers do
 * not, and would never answer set_simulator_power). Web Bluetooth has no simulator.
 */
export function SimulatedPowerSlider() {
  const connected = useTrackerStore(
    (s) => s.connection.source === 'tracker' && s.connection.status === 'connected',
  );
  const simulatorLive = useTrackerStore(
    (s) =>
      s.pulse?.devices.some((d) => d.transport === 'simulator' && d.state === 'connected') ?? false,
  );
  const reported = useTrackerStore((s) => s.pulse?.simulator_watts);
  // What the rider chose, shown until the tracker has answered every request: a pulse sent
  // between two quick steps carries an older power and must not pull the thumb back.
  const [draft, setDraft] = useState<number | null>(null);
  const pending = useRef(0);
  useEffect(() => {
    if (pending.current === 0) setDraft(null);
  }, [reported]);

  if (!connected || !simulatorLive || reported === undefined) return null;
  const value = draft ?? reported;

  const commit = (next: number) => {
    setDraft(next);
    pending.current += 1;
    void trackerRequests.setSimulatorPower(next).then((ack) => {
      pending.current -= 1;
      if (ack.ok) return;
      if (pending.current === 0) setDraft(null);
      notifications.show({ color: 'red', title: 'Simulator', message: ack.message });
    });
  };

  return (
    <div data-testid="simulated-power">
      <Text size="sm" fw={600}>
        Simulated power: {watts(value)}
      </Text>
      <Text size="xs" c="dimmed">
        How hard the virtual rider pedals; slopes still slow them down.
      </Text>
      <Slider
        mt="xs"
        min={minWatts}
        max={maxWatts}
        step={stepWatts}
        value={value}
        label={watts}
        thumbLabel="Simulated power"
        marks={[
          { value: minWatts },
          { value: defaultWatts, label: watts(defaultWatts) },
          { value: maxWatts },
        ]}
        onChange={setDraft}
        onChangeEnd={commit}
      />
    </div>
  );
}
