import { Divider, Stack } from '@mantine/core';
import { BluetoothSection } from './BluetoothSection';
import { DeviceList } from './DeviceList';
import { LiveTiles } from './LiveTiles';
import { SimulatedPowerSlider } from './SimulatedPowerSlider';
import { TrackerStatus } from './TrackerStatus';
import { TrainerSettingsSliders } from './TrainerSettingsSliders';

/**
 * What Connect Device shows, in the web's drawer and on the desktop app's tracker window.
 * The app's tracker does Bluetooth itself, so the in-browser Bluetooth section is web only.
 */
export function ConnectDeviceContent({ inApp = false }: { inApp?: boolean }) {
  return (
    <Stack gap="md">
      <TrackerStatus inApp={inApp} />
      <LiveTiles />
      <DeviceList />
      <SimulatedPowerSlider />
      <Divider />
      <TrainerSettingsSliders />
      {inApp ? null : <BluetoothSection />}
    </Stack>
  );
}
