import { Switch } from '@mantine/core';
import type { DesktopBridge } from '@ridealong/contracts';
import { useDesktopInfoStore } from '../lib/appTracker';

/**
 * The desktop app's simulated trainer, for riders without one. The app keeps the setting and
 * answers with 'desktop-info'; the switch moves at once and follows that answer.
 */
export function SimulatorSwitch({ bridge }: { bridge: DesktopBridge }) {
  const info = useDesktopInfoStore((s) => s.info);
  const toggle = (enabled: boolean) => {
    if (info) useDesktopInfoStore.setState({ info: { ...info, simulator: enabled } });
    bridge.send('set-simulator', { enabled });
  };
  return (
    <Switch
      size="md"
      checked={info?.simulator ?? false}
      disabled={info === null}
      onChange={(e) => toggle(e.currentTarget.checked)}
      label="Ride without a trainer (simulated trainer)"
      description="No smart trainer? A virtual rider pedals for you (200 W unless you set another power below), and slopes slow it down as they would you."
      data-testid="simulator-switch"
    />
  );
}
