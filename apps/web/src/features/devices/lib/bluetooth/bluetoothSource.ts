import { create } from 'zustand';
import { IDLE_CONNECTION, useTrackerStore } from '../../../../stores/tracker';
import { useUserStore } from '../../../../stores/user';
import { stopTracker } from '../trackerClient';
import { trainerSettingsOf } from '../trainerSettings';
import { connectFtmsTrainer, type BluetoothTrainer } from './ftmsTrainer';
import { isChooserCancelled } from './gatt';
import { connectHeartRateStrap, type BluetoothStrap } from './heartRateStrap';
import { trainerGrade } from './gradeControl';
import { BrowserDataMerger, type Reading } from './liveData';

type Role = 'trainer' | 'strap';

/** What the panel shows of the page's own Bluetooth devices. */
type BluetoothState = {
  trainer: { name: string } | null;
  strap: { name: string } | null;
  busy: Role | null;
  error: string | null;
};

export const useBluetoothStore = create<BluetoothState>()(() => ({
  trainer: null,
  strap: null,
  busy: null,
  error: null,
}));

// The browser glue: device handles live here, the logic in liveData.ts and gradeControl.ts.
let trainer: BluetoothTrainer | null = null;
let strap: BluetoothStrap | null = null;
let merger = new BrowserDataMerger('web-bluetooth');

function onReading(reading: Reading): void {
  merger.add(reading);
  useTrackerStore.getState().setData(merger.build(reading.at));
}

/** Makes the page's Bluetooth the live source (the tracker and Bluetooth would fight over the trainer). */
function becomeSource(): void {
  const store = useTrackerStore.getState();
  if (store.connection.source !== 'web-bluetooth') {
    stopTracker();
    merger = new BrowserDataMerger('web-bluetooth');
    store.setConnection({ ...IDLE_CONNECTION, source: 'web-bluetooth', status: 'connected' });
  }
  store.registerControl(
    trainer
      ? (control) => {
          const settings = trainerSettingsOf(useUserStore.getState().user);
          trainer?.setGrade(trainerGrade(control.slope, settings, trainer.limits));
        }
      : null,
  );
}

function leaveIfEmpty(): void {
  if (trainer || strap) return becomeSource();
  const store = useTrackerStore.getState();
  store.registerControl(null);
  store.setData(null);
  if (store.connection.source === 'web-bluetooth') store.setConnection(IDLE_CONNECTION);
}

function gone(role: Role): void {
  if (role === 'trainer') {
    trainer = null;
    merger.remove('ftms');
    merger.remove('cycling_power');
  } else {
    strap = null;
    merger.remove('heart_rate');
  }
  useBluetoothStore.setState({ [role]: null });
  leaveIfEmpty();
}

/** Opens the browser's chooser and connects the device; call it from a click. */
export async function connectBluetooth(role: Role): Promise<void> {
  useBluetoothStore.setState({ busy: role, error: null });
  try {
    if (role === 'trainer') {
      trainer?.disconnect();
      trainer = await connectFtmsTrainer(onReading, () => gone('trainer'));
      useBluetoothStore.setState({ trainer: { name: trainer.name } });
    } else {
      strap?.disconnect();
      strap = await connectHeartRateStrap(onReading, () => gone('strap'));
      useBluetoothStore.setState({ strap: { name: strap.name } });
    }
    becomeSource();
  } catch (error) {
    if (!isChooserCancelled(error)) {
      const message = error instanceof Error ? error.message : String(error);
      useBluetoothStore.setState({ error: `Bluetooth connection failed: ${message}` });
    }
  } finally {
    useBluetoothStore.setState({ busy: null });
  }
}

export function disconnectBluetooth(role: Role): void {
  (role === 'trainer' ? trainer : strap)?.disconnect();
  gone(role);
}
